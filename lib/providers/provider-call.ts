// What every provider kind's chat call shares: the answer's shape, the call timeout, and the one
// error the pipeline waits out instead of failing a lead for it.

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
