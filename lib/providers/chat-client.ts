import type { Provider } from "@/lib/generated/prisma/client.ts";
import { anthropicChat } from "@/lib/providers/anthropic-chat";
import { withProviderSlot } from "@/lib/providers/limiter";
import { openAiChat } from "@/lib/providers/openai-chat";
import { ProviderRefused, ProviderUnavailable, type ChatAnswer } from "@/lib/providers/provider-call";

// One chat call to a hosted model, through the official client library of the provider's kind,
// inside the provider's limits (lib/providers/limiter.ts). A transient failure (timeouts, 429, 5xx,
// connection errors) is a ProviderUnavailable: the lead waits and is tried again later, it is never
// rejected for it. A refusal (bad key, unknown model: 400/401/403/404/422) is a ProviderRefused.

export { ProviderRefused, ProviderUnavailable, type ChatAnswer };

const CALLS: Record<string, (provider: Provider, model: string, system: string, user: string) => Promise<ChatAnswer>> = {
  "openai-compatible": openAiChat,
  anthropic: anthropicChat,
};

export async function chat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  const call = CALLS[provider.kind];
  if (!call) throw new ProviderRefused(`Provider kind ${provider.kind} cannot answer chat calls.`);
  return withProviderSlot(provider.id, provider, () => call(provider, model, system, user));
}
