import type { Provider } from "@/lib/generated/prisma/client.ts";
import { anthropicChat } from "@/lib/providers/anthropic-chat";
import { withProviderSlot } from "@/lib/providers/limiter";
import { openAiChat } from "@/lib/providers/openai-chat";
import { ProviderUnavailable, type ChatAnswer } from "@/lib/providers/provider-call";

// One chat call to a hosted model, through the official client library of the provider's kind,
// inside the provider's limits (lib/providers/limiter.ts). Every failure that is not the model's
// answer itself (timeouts, 429, 5xx, connection errors, a bad key) is a ProviderUnavailable: the
// lead waits and is tried again later, it is never rejected for it.

export { ProviderUnavailable, type ChatAnswer };

const CALLS: Record<string, (provider: Provider, model: string, system: string, user: string) => Promise<ChatAnswer>> = {
  "openai-compatible": openAiChat,
  anthropic: anthropicChat,
};

export async function chat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  const call = CALLS[provider.kind];
  if (!call) throw new ProviderUnavailable(`Provider kind ${provider.kind} cannot answer chat calls.`, 60_000);
  return withProviderSlot(provider.id, provider, () => call(provider, model, system, user));
}
