import { createHash } from "node:crypto";
import { redis } from "@/lib/redis";

// Sign-in attempts are limited in Redis, in fixed windows:
//   - per email + client address: 10 attempts per 15 minutes (what stops one client guessing);
//   - per email across all addresses: 100 per 15 minutes (bounds guessing from many addresses,
//     or with a forged X-Forwarded-For when no proxy sits in front of the app).
// Each attempt is counted before the password is checked (so parallel guesses count too); a
// successful sign-in clears its email + address count (the per-email count simply lapses).

export const SIGN_IN_WINDOW_SECONDS = 15 * 60;
export const MAX_PER_EMAIL_AND_ADDRESS = 10;
export const MAX_PER_EMAIL = 100;

const digest = (value: string) => createHash("sha256").update(value).digest("hex").slice(0, 32);
const keys = (email: string, address: string) => {
  const who = email.trim().toLowerCase();
  return { pair: `leadpipe:signin:pair:${digest(`${who}\n${address}`)}`, email: `leadpipe:signin:email:${digest(who)}` };
};

/**
 * The client's address: the last X-Forwarded-For entry, which is what the nearest proxy (or
 * `next start` itself, when nothing is in front) saw.
 */
export function clientAddress(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers["x-forwarded-for"];
  const forwarded = (Array.isArray(raw) ? raw.join(",") : raw ?? "").split(",").map((part) => part.trim()).filter(Boolean);
  return forwarded.at(-1) ?? headers["x-real-ip"]?.toString() ?? "unknown";
}

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt; refused when either count is over its limit in the current window. */
export async function takeSignInAttempt(email: string, address: string): Promise<SignInAttempt> {
  const { pair, email: perEmail } = keys(email, address);
  const results = await redis()
    .multi()
    .set(pair, 0, "EX", SIGN_IN_WINDOW_SECONDS, "NX").incr(pair).ttl(pair)
    .set(perEmail, 0, "EX", SIGN_IN_WINDOW_SECONDS, "NX").incr(perEmail).ttl(perEmail)
    .exec();
  if (!results || results.some(([error]) => error)) throw new Error("sign-in limiter: Redis did not answer");
  const [, pairCount, pairTtl, , emailCount, emailTtl] = results.map(([, value]) => Number(value));
  const overPair = pairCount > MAX_PER_EMAIL_AND_ADDRESS;
  const overEmail = emailCount > MAX_PER_EMAIL;
  if (!overPair && !overEmail) return { allowed: true };
  const wait = Math.max(overPair ? pairTtl : 0, overEmail ? emailTtl : 0);
  return { allowed: false, retryAfterSeconds: wait > 0 ? wait : SIGN_IN_WINDOW_SECONDS };
}

/** After a successful sign-in this client starts afresh. */
export async function signInSucceeded(email: string, address: string): Promise<void> {
  await redis().del(keys(email, address).pair);
}
