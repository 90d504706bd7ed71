import OpenAI from "openai";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";
import { CALL_TIMEOUT_MS, unavailable, type ChatAnswer } from "@/lib/providers/provider-call";

// An `openai-compatible` provider through the official `openai` client: chat completions in JSON
// mode. One client per provider, rebuilt when the provider row changes.

const clients = new Map<string, { updatedAt: number; client: OpenAI }>();

function client(provider: Provider): OpenAI {
  const cached = clients.get(provider.id);
  if (cached && cached.updatedAt === provider.updatedAt.getTime()) return cached.client;
  const created = new OpenAI({
    baseURL: provider.baseUrl ?? undefined,
    apiKey: provider.apiKeyEncrypted ? decryptSecret(provider.apiKeyEncrypted) : "not-set",
    maxRetries: 0, // BullMQ is our retry layer
    timeout: CALL_TIMEOUT_MS,
  });
  clients.set(provider.id, { updatedAt: provider.updatedAt.getTime(), client: created });
  return created;
}

export async function openAiChat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  try {
    const completion = await client(provider).chat.completions.create({
      model,
      messages: [{ role: "system", content: system }, { role: "user", content: user }],
      response_format: { type: "json_object" },
    });
    return {
      text: completion.choices[0]?.message?.content ?? "",
      inputTokens: completion.usage?.prompt_tokens ?? 0,
      outputTokens: completion.usage?.completion_tokens ?? 0,
    };
  } catch (error) {
    throw unavailable(provider.slug, error as Error);
  }
}
