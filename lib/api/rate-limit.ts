import type { Redis } from "ioredis";
import type { Plan } from "@/lib/generated/prisma/enums.ts";
import { redis } from "@/lib/redis";

// Token bucket per access token (contract §3): capacity 240, refill 2/s, both multiplied by the
// plan. One atomic Lua call per request, on Redis's clock so every web process agrees.

export const BASE_CAPACITY = 240;
export const BASE_REFILL_PER_SECOND = 2;
export const PLAN_MULTIPLIER: Record<Plan, number> = { free: 1, team: 5, enterprise: 20 };

const TAKE_TOKEN = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil then tokens = capacity; ts = now end
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
local allowed = 0
if tokens >= 1 then tokens = tokens - 1; allowed = 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(now))
redis.call('EXPIRE', KEYS[1], math.ceil(capacity / rate) + 1)
return { allowed, tostring(tokens), tostring(now) }
`;

export type RateLimitDecision = { allowed: boolean; headers: Record<string, string>; retryAfterSeconds: number };

type WithTakeToken = Redis & { leadpipeTakeToken(key: string, capacity: number, rate: number): Promise<[number, string, string]> };

function client(): WithTakeToken {
  const connection = redis() as WithTakeToken;
  if (typeof connection.leadpipeTakeToken !== "function") connection.defineCommand("leadpipeTakeToken", { numberOfKeys: 1, lua: TAKE_TOKEN });
  return connection;
}

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

export async function takeToken(tokenId: string, plan: Plan): Promise<RateLimitDecision> {
  const multiplier = PLAN_MULTIPLIER[plan];
  const capacity = BASE_CAPACITY * multiplier;
  const rate = BASE_REFILL_PER_SECOND * multiplier;
  const [allowed, tokens, now] = await client().leadpipeTakeToken(`leadpipe:ratelimit:${tokenId}`, capacity, rate);
  const { headers, retryAfterSeconds } = rateLimitHeaders(Number(tokens), Number(now), capacity, rate);
  return { allowed: allowed === 1, headers, retryAfterSeconds };
}
