import { registerSendHooks } from "@/lib/sending/hooks";
import { sequenceSendHooks } from "@/lib/sequences/send-hooks";

// The one place that hands each feature's send hooks to the send path (lib/sending/hooks.ts). It sits
// above both (docs/architecture.md "Layers"); every process that sends calls it when it starts:
// workers/index.ts, instrumentation.ts (the web app) and the test setup (tests/setup-send-hooks.ts).

export function wireSendHooks(): void {
  registerSendHooks("sequences", sequenceSendHooks);
}
