import type { Plan } from "@/lib/generated/prisma/enums.ts";

// Token bucket per access token (contract §3): capacity 240, refill 2/s, both multiplied by the
// plan. The bucket lives in Redis and is updated atomically on Redis's clock (lib/api/access.ts
// runs it in the same Lua call that reads the cached token).

export const BASE_CAPACITY = 240;
export const BASE_REFILL_PER_SECOND = 2;
export const PLAN_MULTIPLIER: Record<Plan, number> = { free: 1, team: 5, enterprise: 20 };

/**
 * Lua: the bucket in KEYS[2]; `capacity`, `rate` (per second) and `want` set by the caller. Takes
 * one token for the request and, while the bucket is more than half full, up to `want - 1` more
 * for the process's pool (lib/tokens/access-pool.ts); near empty it takes one at a time, so the
 * 429 boundary is exact. Sets `allowed`, `taken`, `tokens` (left in Redis) and `now`.
 */
export const TAKE_TOKEN_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local state = redis.call('HMGET', KEYS[2], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil then tokens = capacity; ts = now end
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
local allowed = 0
local taken = 0
if tokens >= 1 then
  allowed = 1
  taken = 1 + math.max(0, math.min(want - 1, math.floor(tokens - 1 - capacity / 2)))
  tokens = tokens - taken
end
redis.call('HSET', KEYS[2], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('EXPIRE', KEYS[2], math.ceil(capacity / rate) + 1)
`;

export type RateLimitDecision = { allowed: boolean; headers: Record<string, string>; retryAfterSeconds: number };

/** Pure arithmetic of the headers, from the bucket's state after this request. */
export function rateLimitHeaders(tokensLeft: number, nowSeconds: number, capacity: number, rate: number) {
  const perMinute = Math.round(rate * 60);
  const resetAt = Math.ceil(nowSeconds + (capacity - tokensLeft) / rate);
  const retryAfterSeconds = Math.max(1, Math.ceil((1 - tokensLeft) / rate));
  return {
    headers: {
      "x-ratelimit-limit": String(perMinute),
      "x-ratelimit-remaining": String(Math.max(0, Math.floor(tokensLeft))),
      "x-ratelimit-reset": String(resetAt),
    },
    retryAfterSeconds,
  };
}

export function bucketFor(plan: Plan) {
  const multiplier = PLAN_MULTIPLIER[plan];
  return { capacity: BASE_CAPACITY * multiplier, rate: BASE_REFILL_PER_SECOND * multiplier };
}
