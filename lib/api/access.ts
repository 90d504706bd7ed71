import type { Redis } from "ioredis";
import { bucketFor, PLAN_MULTIPLIER, rateLimitHeaders, TAKE_TOKEN_LUA, type RateLimitDecision } from "@/lib/http/rate-limit";
import { Unauthenticated } from "@/lib/errors";
import { redis } from "@/lib/redis";
import { bucketNow, forgetCount, keepInPool, oneTakeAtATime, poolInUse, takeFromPool } from "@/lib/tokens/access-pool";
import { authCacheKey } from "@/lib/tokens/auth-cache";
import { loadTokenAuth, tokenHashFromHeader, type AuthContext } from "@/lib/tokens/authenticate-token";

// The hot path of every /v1 request. One Redis call reads the cached token and takes rate-limit
// tokens from its bucket: one for the request and, while the bucket is well filled, a few more
// kept in this process's pool (lib/tokens/access-pool.ts), so most requests need no Redis call at
// all. Only on a cache miss (at most about once a minute per token) is the database asked.
// Revoking a token, or changing its creator's membership, drops the cache entry and every
// process's pool (lib/tokens/auth-cache.ts); the entry also lapses after AUTH_CACHE_SECONDS.

export const AUTH_CACHE_SECONDS = 60;
/** Rate-limit tokens one Redis call may take for a process's pool (including the request's own). */
export const POOL_TAKE = 10;
const bucketKey = (hash: string) => `leadpipe:ratelimit:${hash}`;

const SCRIPT = `
local entry = redis.call('HMGET', KEYS[1], 'multiplier', 'auth')
if not entry[2] then return { -1 } end
local multiplier = tonumber(entry[1])
local cached = entry[2]
local capacity = tonumber(ARGV[1]) * multiplier
local rate = tonumber(ARGV[2]) * multiplier
local want = tonumber(ARGV[3])
${TAKE_TOKEN_LUA}
return { allowed, taken, tostring(tokens), tostring(now), cached }
`;

type Answer = [number, number?, string?, string?, string?];
type WithScript = Redis & { leadpipeAccess(authKey: string, bucket: string, capacity: number, rate: number, want: number): Promise<Answer> };
type Access = { auth: AuthContext; decision: RateLimitDecision };

function client(): WithScript {
  const connection = redis() as WithScript;
  if (typeof connection.leadpipeAccess !== "function") connection.defineCommand("leadpipeAccess", { numberOfKeys: 2, lua: SCRIPT });
  return connection;
}

// The same cached entry comes back on every take of a token: parse each distinct one once.
// Requests share the object, so it is frozen.
const parsed = new Map<string, AuthContext>();
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") for (const inner of Object.values(Object.freeze(value))) deepFreeze(inner);
  return value;
}
function parseAuth(json: string): AuthContext {
  let auth = parsed.get(json);
  if (!auth) {
    auth = deepFreeze(JSON.parse(json) as AuthContext);
    if (parsed.size >= 1_000) parsed.clear();
    parsed.set(json, auth);
  }
  return auth;
}

function refuseExpired(auth: AuthContext) {
  if (auth.token.expiresAt !== null && auth.token.expiresAt <= Date.now()) throw new Unauthenticated("This access token has expired.");
}

function decide(allowed: boolean, tokensLeft: number, now: number, capacity: number, rate: number): RateLimitDecision {
  const { headers, retryAfterSeconds } = rateLimitHeaders(Math.min(capacity, tokensLeft), now, capacity, rate);
  return { allowed, headers, retryAfterSeconds };
}

async function takeFromRedis(hash: string): Promise<Access> {
  const base = bucketFor("free");
  const want = poolInUse() ? POOL_TAKE : 1;
  const forgets = forgetCount();
  let answer = await client().leadpipeAccess(authCacheKey(hash), bucketKey(hash), base.capacity, base.rate, want);
  if (answer[0] === -1) {
    const loaded = await loadTokenAuth(hash);
    await redis()
      .multi()
      .hset(authCacheKey(hash), { multiplier: PLAN_MULTIPLIER[loaded.workspace.plan], auth: JSON.stringify(loaded) })
      .expire(authCacheKey(hash), AUTH_CACHE_SECONDS)
      .exec();
    answer = await client().leadpipeAccess(authCacheKey(hash), bucketKey(hash), base.capacity, base.rate, want);
    if (answer[0] === -1) throw new Error("token cache entry vanished");
  }
  const [allowed, taken, tokens, now, cached] = answer;
  const auth = parseAuth(cached!);
  refuseExpired(auth);
  const { capacity, rate } = bucketFor(auth.workspace.plan);
  const spare = taken! - 1;
  if (spare > 0) keepInPool(hash, { auth, capacity, rate, pooled: spare, bucketTokens: Number(tokens), bucketAt: Number(now) }, forgets);
  return { auth, decision: decide(allowed === 1, Number(tokens) + Math.max(0, spare), Number(now), capacity, rate) };
}

export async function authenticateAndLimit(authorization: string | null): Promise<Access> {
  const hash = tokenHashFromHeader(authorization);
  for (;;) {
    const entry = takeFromPool(hash);
    if (entry) {
      refuseExpired(entry.auth);
      const bucket = bucketNow(entry);
      return { auth: entry.auth, decision: decide(true, bucket.tokens, bucket.now, entry.capacity, entry.rate) };
    }
    // Concurrent requests of one token wait for a single Redis take, then share its pool.
    const access = await oneTakeAtATime(hash, () => takeFromRedis(hash));
    if (access) return access;
  }
}
