import { createHash } from "node:crypto";
import ipaddr from "ipaddr.js";
import { config } from "@/lib/config";
import { redis } from "@/lib/redis";

// Sign-in attempts are limited in Redis, in fixed windows:
//   - per email + client address: 10 attempts per 15 minutes (what stops one client guessing);
//   - per email across all addresses: 100 per 15 minutes (bounds guessing from many addresses,
//     or through a proxy that passes on whatever X-Forwarded-For it was sent).
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
 * The client's address. The web server appends the socket's address to X-Forwarded-For
 * (lib/net/peer-address.ts), so the last entry is the peer actually connected; entries before it
 * are believed only while the entry to their right is a proxy in TRUSTED_PROXY_CIDRS. Without
 * trusted proxies that is the socket's address, whatever the client wrote into the header.
 */
export function clientAddress(headers: Record<string, string | string[] | undefined>, trustedProxies: string[] = config().TRUSTED_PROXY_CIDRS): string {
  const raw = headers["x-forwarded-for"];
  const forwarded = (Array.isArray(raw) ? raw.join(",") : (raw ?? ""))
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  let address = forwarded.pop();
  while (address !== undefined && forwarded.length > 0 && isTrusted(address, trustedProxies)) address = forwarded.pop();
  return address ?? "unknown";
}

function isTrusted(address: string, cidrs: string[]): boolean {
  if (cidrs.length === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address); // ::ffff:10.0.0.1 is judged as 10.0.0.1
  return cidrs.some((cidr) => {
    const range = ipaddr.parseCIDR(cidr);
    return range[0].kind() === parsed.kind() && parsed.match(range);
  });
}

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts one attempt; refused when either count is over its limit in the current window. */
export async function takeSignInAttempt(email: string, address: string): Promise<SignInAttempt> {
  const { pair, email: perEmail } = keys(email, address);
  const results = await redis()
    .multi()
    .set(pair, 0, "EX", SIGN_IN_WINDOW_SECONDS, "NX")
    .incr(pair)
    .ttl(pair)
    .set(perEmail, 0, "EX", SIGN_IN_WINDOW_SECONDS, "NX")
    .incr(perEmail)
    .ttl(perEmail)
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
