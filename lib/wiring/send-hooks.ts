import { registerSendHooks } from "@/lib/sending/hooks";
import { sequenceSendHooks, sequenceSuppressionHooks } from "@/lib/sequences/send-hooks";
import { registerSuppressionHooks } from "@/lib/suppressions/hooks";

// The one place that hands each feature's send hooks to the send path (lib/sending/hooks.ts), and its
// suppression hooks to the suppression list the send path reads (lib/suppressions/hooks.ts). It sits
// above all of them (docs/architecture.md "Layers"); every process that sends or suppresses calls it when it starts:
// workers/index.ts, instrumentation.ts (the web app) and the test setup (tests/setup-send-hooks.ts).

export function wireSendHooks(): void {
  registerSendHooks("sequences", sequenceSendHooks);
  registerSuppressionHooks("sequences", sequenceSuppressionHooks);
}
