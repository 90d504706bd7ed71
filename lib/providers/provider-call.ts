import type { Provider } from "@/lib/generated/prisma/client.ts";
import { decryptSecret } from "@/lib/crypto/secrets";
import { RetryLater } from "@/lib/jobs/define-queue";
import { guardedFetch } from "@/lib/net/outbound";

// What every provider kind's chat call shares: the answer's shape, the call timeout, one client per
// provider, and the two errors a call ends in: one the pipeline waits out (ProviderUnavailable),
// one that asking again cannot mend (ProviderRefused).

/** The provider could not answer now (timeout, 408, 409, 425, 429, 5xx, connection error): try again later. */
export class ProviderUnavailable extends RetryLater {}

/**
 * The provider refused the request itself (401/403: a bad key; 400/404/422: an unknown model or a
 * request it will never accept). Retrying would repeat it for ever, so the lead is rejected with
 * `provider_refused` and the message says what to fix.
 */
export class ProviderRefused extends Error {
  readonly code = "provider_refused";
}

/** Statuses that can pass if asked again later; every other 4xx is a refusal. */
const TRANSIENT_4XX = new Set([408, 409, 425, 429]);

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
 * What a client library's error means for us: an HTTP answer (`status` set; a refusal, or a wait as
 * long as a 429's Retry-After says) or no answer at all (connection error, timeout).
 */
export function providerError(slug: string, error: { status?: number; headers?: Headers; message: string } | Error): ProviderUnavailable | ProviderRefused {
  if ("status" in error && typeof error.status === "number") {
    const message = `${slug} answered ${error.status}: ${error.message}`.slice(0, 500);
    if (error.status >= 400 && error.status < 500 && !TRANSIENT_4XX.has(error.status)) {
      const hint = error.status === 401 || error.status === 403 ? " Check the provider's API key in Settings → Providers." : "";
      return new ProviderRefused(`${message}${hint}`);
    }
    return new ProviderUnavailable(message, error.status === 429 ? retryAfterMs(error.headers) : DEFAULT_RETRY_MS);
  }
  return new ProviderUnavailable(`${slug} unreachable: ${error.message}`.slice(0, 500), DEFAULT_RETRY_MS);
}

/** The options both official clients take: the provider's URL and key, our timeout, no retries of their own. */
export type ClientOptions = { baseURL?: string; apiKey: string; maxRetries: 0; timeout: number; fetch: typeof guardedFetch };

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
      fetch: guardedFetch, // the outbound rule, at call time too
    });
    clients.set(provider.id, { updatedAt: provider.updatedAt.getTime(), client });
    return client;
  };
}
