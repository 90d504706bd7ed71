import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { CALL_TIMEOUT_MS } from "@/lib/providers/provider-call";
import { redis } from "@/lib/redis";

// A provider's limits, shared by every worker process through Redis (keyed by provider id):
// - `maxConcurrency` calls in flight: a semaphore of leased slots, a sorted set of lease ids scored
//   by their expiry. A slot is given back when its call ends; one held by a process that died
//   frees itself when its lease runs out.
// - `requestsPerMinute`: a token bucket refilled continuously at that rate, holding one second's
//   worth of requests (at least one), so calls are spaced evenly instead of bursting a minute's worth.
// One Lua script takes a slot and a token together, or neither and answers how long to wait; the
// caller sleeps that long (a full semaphore is asked again every POLL_MS at most). Within a process,
// calls for one provider first queue in memory, so at most `maxConcurrency` of them ask Redis.

export type Limits = { maxConcurrency: number; requestsPerMinute: number };
export type LimiterOptions = { leaseMs?: number; client?: Redis };

/** Longer than any call can take (the clients time out at CALL_TIMEOUT_MS). */
export const DEFAULT_LEASE_MS = CALL_TIMEOUT_MS + 15_000;
const POLL_MS = 100;

// KEYS: slots, bucket. ARGV: lease id, max concurrency, requests per minute, lease ms, poll ms.
// Answers 0 when a slot and a token were taken, else the milliseconds to wait before asking again.
const ACQUIRE_LUA = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local leaseMs = tonumber(ARGV[4])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local first = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, math.min(tonumber(first[2]) - now, tonumber(ARGV[5])))
end
local perMs = tonumber(ARGV[3]) / 60000
local capacity = math.max(1, math.ceil(tonumber(ARGV[3]) / 60))
local state = redis.call('HMGET', KEYS[2], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * perMs)
if tokens < 1 then return math.max(1, math.ceil((1 - tokens) / perMs)) end
redis.call('HSET', KEYS[2], 'tokens', tostring(tokens - 1), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[2], math.ceil(capacity / perMs) + 1000)
redis.call('ZADD', KEYS[1], now + leaseMs, ARGV[1])
redis.call('PEXPIRE', KEYS[1], leaseMs * 2)
return 0
`;

type WithScript = Redis & {
  leadpipeProviderSlot(slots: string, bucket: string, lease: string, maxConcurrency: number, rpm: number, leaseMs: number, pollMs: number): Promise<number>;
};

function scripted(client: Redis): WithScript {
  const connection = client as WithScript;
  if (typeof connection.leadpipeProviderSlot !== "function") connection.defineCommand("leadpipeProviderSlot", { numberOfKeys: 2, lua: ACQUIRE_LUA });
  return connection;
}

export function limiterKeys(key: string) {
  return { slots: `leadpipe:provider-limits:${key}:slots`, bucket: `leadpipe:provider-limits:${key}:rate` };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a slot and a rate token of provider `key`; answers the lease id to release. */
export async function acquireSlot(key: string, limits: Limits, options: LimiterOptions = {}): Promise<string> {
  const client = scripted(options.client ?? redis());
  const { slots, bucket } = limiterKeys(key);
  const lease = randomUUID();
  for (;;) {
    const waitMs = await client.leadpipeProviderSlot(
      slots,
      bucket,
      lease,
      limits.maxConcurrency,
      limits.requestsPerMinute,
      options.leaseMs ?? DEFAULT_LEASE_MS,
      POLL_MS,
    );
    if (waitMs === 0) return lease;
    await sleep(waitMs + Math.floor(Math.random() * 20)); // a little jitter so waiters do not ask in lockstep
  }
}

export async function releaseSlot(key: string, lease: string, options: LimiterOptions = {}): Promise<void> {
  await (options.client ?? redis()).zrem(limiterKeys(key).slots, lease);
}

// In-process queue in front of Redis: at most `maxConcurrency` local callers per provider ask Redis.
type Gate = { active: number; waiting: (() => void)[] };
const gates = new Map<string, Gate>();

async function enterGate(key: string, maxConcurrency: number): Promise<Gate> {
  let gate = gates.get(key);
  if (!gate) gates.set(key, (gate = { active: 0, waiting: [] }));
  while (gate.active >= maxConcurrency) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  gate.active++;
  return gate;
}

function leaveGate(gate: Gate) {
  gate.active--;
  gate.waiting.shift()?.();
}

/** Runs `call` inside provider `key`'s limits, across every process that shares the Redis. */
export async function withProviderSlot<T>(key: string, limits: Limits, call: () => Promise<T>, options: LimiterOptions = {}): Promise<T> {
  const gate = await enterGate(key, limits.maxConcurrency);
  try {
    const lease = await acquireSlot(key, limits, options);
    try {
      return await call();
    } finally {
      await releaseSlot(key, lease, options).catch(() => undefined); // the lease lapses by itself
    }
  } finally {
    leaveGate(gate);
  }
}
