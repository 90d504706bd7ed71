// Shared by the sign-in handler (server) and the login form (browser): no server imports here.

/** next-auth passes a thrown error's message to the form as `error`: "rate_limited:<seconds>". */
export const RATE_LIMITED = "rate_limited";

export function rateLimitedError(retryAfterSeconds: number): string {
  return `${RATE_LIMITED}:${retryAfterSeconds}`;
}

/** Seconds to wait when the sign-in error says the attempts are limited; null for any other error. */
export function rateLimitedFor(error: string | null | undefined): number | null {
  if (!error?.startsWith(`${RATE_LIMITED}:`)) return null;
  const seconds = Number(error.slice(RATE_LIMITED.length + 1));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}
