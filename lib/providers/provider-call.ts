import type { Provider } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";

// What every provider kind's chat call shares: the answer's shape, the call timeout, one client per
// provider, and the one error the pipeline waits out instead of failing a lead for it.

/** The provider could not answer now (timeout, 429, 5xx, connection error, bad key): try again later. */
export class ProviderUnavailable extends Error {
  constructor(message: string, readonly retryAfterMs: number) {
    super(message);
  }
}

export type ChatAnswer = { text: string; inputTokens: number; outputTokens: number };

/** One call's time limit. The limiter's slot lease (lib/providers/limiter.ts) is longer than this. */
export const CALL_TIMEOUT_MS = 30_000;

const DEFAULT_RETRY_MS = 5_000;

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), at least one second. */
export function retryAfterMs(headers: Headers | undefined): number {
  const value = headers?.get("retry-after");
  if (!value) return DEFAULT_RETRY_MS;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1_000, seconds * 1000);
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(1_000, date - Date.now()) : DEFAULT_RETRY_MS;
}

/**
 * The ProviderUnavailable for a client library's error: an HTTP answer (`status` set; a 429 waits
 * as long as its Retry-After says) or no answer at all (connection error, timeout).
 */
export function unavailable(slug: string, error: { status?: number; headers?: Headers; message: string } | Error): ProviderUnavailable {
  if ("status" in error && error.status !== undefined) {
    const wait = error.status === 429 ? retryAfterMs(error.headers) : DEFAULT_RETRY_MS;
    return new ProviderUnavailable(`${slug} answered ${error.status}: ${error.message}`.slice(0, 500), wait);
  }
  return new ProviderUnavailable(`${slug} unreachable: ${error.message}`.slice(0, 500), DEFAULT_RETRY_MS);
}

/** The options both official clients take: the provider's URL and key, our timeout, no retries of their own. */
export type ClientOptions = { baseURL?: string; apiKey: string; maxRetries: 0; timeout: number };

/** One client library instance per provider, built again when the provider row changes (a new key, URL). */
export function clientPerProvider<T>(build: (options: ClientOptions) => T): (provider: Provider) => T {
  const clients = new Map<string, { updatedAt: number; client: T }>();
  return (provider) => {
    const cached = clients.get(provider.id);
    if (cached && cached.updatedAt === provider.updatedAt.getTime()) return cached.client;
    const client = build({
      baseURL: provider.baseUrl ?? undefined,
      apiKey: provider.apiKeyEncrypted ? decryptSecret(provider.apiKeyEncrypted) : "not-set",
      maxRetries: 0, // BullMQ is our retry layer
      timeout: CALL_TIMEOUT_MS,
    });
    clients.set(provider.id, { updatedAt: provider.updatedAt.getTime(), client });
    return client;
  };
}
