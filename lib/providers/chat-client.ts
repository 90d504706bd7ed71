import OpenAI from "openai";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";
import { withProviderSlot } from "@/lib/providers/limiter";

// One chat call to a hosted model, through the provider's official client library. Every failure
// that is not the model's answer itself (timeouts, 429, 5xx, connection errors, a bad key) is a
// ProviderUnavailable: the lead waits and is tried again later, it is never rejected for it.

export class ProviderUnavailable extends Error {
  constructor(message: string, readonly retryAfterMs: number) {
    super(message);
  }
}

export type ChatAnswer = { text: string; inputTokens: number; outputTokens: number };

const TIMEOUT_MS = 30_000;
const clients = new Map<string, { updatedAt: number; client: OpenAI }>();

function openAiClient(provider: Provider): OpenAI {
  const cached = clients.get(provider.id);
  if (cached && cached.updatedAt === provider.updatedAt.getTime()) return cached.client;
  const client = new OpenAI({
    baseURL: provider.baseUrl ?? undefined,
    apiKey: provider.apiKeyEncrypted ? decryptSecret(provider.apiKeyEncrypted) : "not-set",
    maxRetries: 0, // BullMQ is our retry layer
    timeout: TIMEOUT_MS,
  });
  clients.set(provider.id, { updatedAt: provider.updatedAt.getTime(), client });
  return client;
}

function retryAfterMs(headers: Headers | undefined): number {
  const value = headers?.get("retry-after");
  if (!value) return 5_000;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1_000, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(1_000, date - Date.now()) : 5_000;
}

export async function chat(provider: Provider, model: string, system: string, user: string): Promise<ChatAnswer> {
  if (provider.kind !== "openai-compatible") throw new ProviderUnavailable(`Provider kind ${provider.kind} cannot run machine stages yet.`, 60_000);
  return withProviderSlot(provider.id, provider, async () => {
    try {
      const completion = await openAiClient(provider).chat.completions.create({
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
      if (error instanceof OpenAI.APIError) {
        throw new ProviderUnavailable(`${provider.slug} answered ${error.status ?? "no status"}: ${error.message}`.slice(0, 500), error.status === 429 ? retryAfterMs(error.headers as Headers | undefined) : 5_000);
      }
      throw new ProviderUnavailable(`${provider.slug} unreachable: ${(error as Error).message}`.slice(0, 500), 5_000);
    }
  });
}
