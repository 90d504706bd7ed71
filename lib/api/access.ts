import type { Redis } from "ioredis";
import { bucketFor, PLAN_MULTIPLIER, rateLimitHeaders, TAKE_TOKEN_LUA, type RateLimitDecision } from "@/lib/api/rate-limit";
import { Unauthenticated } from "@/lib/errors";
import { redis } from "@/lib/redis";
import { loadTokenAuth, tokenHashFromHeader, type AuthContext } from "@/lib/tokens/authenticate-token";

// The hot path of every /v1 request: one Redis call reads the cached token and takes a token from
// its rate-limit bucket. Only on a cache miss (at most about once a minute per token) is the
// database asked. Revoking a token, or changing its creator's membership, drops the cache entry
// (lib/tokens/auth-cache.ts); the entry also lapses after AUTH_CACHE_SECONDS.

export const AUTH_CACHE_SECONDS = 60;
export const authCacheKey = (hash: string) => `leadpipe:auth:${hash}`;
const bucketKey = (hash: string) => `leadpipe:ratelimit:${hash}`;

const SCRIPT = `
local entry = redis.call('HMGET', KEYS[1], 'multiplier', 'auth')
if not entry[2] then return { -1 } end
local multiplier = tonumber(entry[1])
local cached = entry[2]
local capacity = tonumber(ARGV[1]) * multiplier
local rate = tonumber(ARGV[2]) * multiplier
${TAKE_TOKEN_LUA}
return { allowed, tostring(tokens), tostring(now), cached }
`;

type WithScript = Redis & { leadpipeAccess(authKey: string, bucket: string, capacity: number, rate: number): Promise<[number, string?, string?, string?]> };

function client(): WithScript {
  const connection = redis() as WithScript;
  if (typeof connection.leadpipeAccess !== "function") connection.defineCommand("leadpipeAccess", { numberOfKeys: 2, lua: SCRIPT });
  return connection;
}

// The same cached entry comes back on every request of a token: parse each distinct one once.
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

export async function authenticateAndLimit(authorization: string | null): Promise<{ auth: AuthContext; decision: RateLimitDecision }> {
  const hash = tokenHashFromHeader(authorization);
  const base = bucketFor("free");
  let answer = await client().leadpipeAccess(authCacheKey(hash), bucketKey(hash), base.capacity, base.rate);
  if (answer[0] === -1) {
    const loaded = await loadTokenAuth(hash);
    await redis()
      .multi()
      .hset(authCacheKey(hash), { multiplier: PLAN_MULTIPLIER[loaded.workspace.plan], auth: JSON.stringify(loaded) })
      .expire(authCacheKey(hash), AUTH_CACHE_SECONDS)
      .exec();
    answer = await client().leadpipeAccess(authCacheKey(hash), bucketKey(hash), base.capacity, base.rate);
    if (answer[0] === -1) throw new Error("token cache entry vanished");
  }
  const [allowed, tokens, now, cached] = answer;
  const auth = parseAuth(cached!);
  if (auth.token.expiresAt !== null && auth.token.expiresAt <= Date.now()) throw new Unauthenticated("This access token has expired.");
  const { capacity, rate } = bucketFor(auth.workspace.plan);
  const { headers, retryAfterSeconds } = rateLimitHeaders(Number(tokens), Number(now), capacity, rate);
  return { auth, decision: { allowed: allowed === 1, headers, retryAfterSeconds } };
}
