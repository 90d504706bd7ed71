import Anthropic from "@anthropic-ai/sdk";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";
import { CALL_TIMEOUT_MS, unavailable, type ChatAnswer } from "@/lib/providers/provider-call";

// An `anthropic` provider through the official `@anthropic-ai/sdk` client: the Messages API. It has
// no JSON mode, so the system prompt asks for one JSON object and the caller validates the answer
// (lib/pipeline/ask-model.ts). One client per provider, rebuilt when the provider row changes.

const MAX_OUTPUT_TOKENS = 4_096;
const JSON_ONLY = "Answer with one JSON object only: no prose before or after it, no code fences.";

const clients = new Map<string, { updatedAt: number; client: Anthropic }>();

function client(provider: Provider): Anthropic {
  const cached = clients.get(provider.id);
  if (cached && cached.updatedAt === provider.updatedAt.getTime()) return cached.client;
  const created = new Anthropic({
    baseURL: provider.baseUrl ?? undefined,
    apiKey: provider.apiKeyEncrypted ? decryptSecret(provider.apiKeyEncrypted) : "not-set",
    maxRetries: 0, // BullMQ is our retry layer
    timeout: CALL_TIMEOUT_MS,
  });
  clients.set(provider.id, { updatedAt: provider.updatedAt.getTime(), client: created });
  return created;
}

export async function anthropicChat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  try {
    const message = await client(provider).messages.create({
      model,
      max_tokens: MAX_OUTPUT_TOKENS,
      system: `${system}\n\n${JSON_ONLY}`,
      messages: [{ role: "user", content: user }],
    });
    const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    return { text, inputTokens: message.usage?.input_tokens ?? 0, outputTokens: message.usage?.output_tokens ?? 0 };
  } catch (error) {
    throw unavailable(provider.slug, error as Error);
  }
}
