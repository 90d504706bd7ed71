import type { Redis } from "ioredis";
import { createRedis } from "@/lib/redis";
import type { AuthContext } from "@/lib/tokens/authenticate-token";

// The in-process side of /v1 access (lib/api/access.ts): per token, the authentication read from
// Redis and a small pool of rate-limit tokens taken from its Redis bucket in one go, so most
// requests need no Redis round trip. A pool lives at most POOL_SECONDS; unused tokens then lapse
// (the client loses at most a few, never gains). Revoking a token or changing its creator's role
// publishes on AUTH_CHANNEL; every process drops its entry at once (lib/tokens/auth-cache.ts).
// Until this process's subscription is confirmed, and while it is down, pools are not used.

export const AUTH_CHANNEL = "leadpipe:auth:forget";
export const POOL_SECONDS = 1;

export type PoolEntry = {
  auth: AuthContext;
  capacity: number;
  rate: number;
  /** Rate-limit tokens this process took from the bucket and has not yet spent. */
  pooled: number;
  /** The bucket in Redis right after the last take, and when that was (Redis's clock, seconds). */
  bucketTokens: number;
  bucketAt: number;
  /** performance.now() of the last take: the pool's age, and the bucket's refill since. */
  takenAt: number;
};

type PoolState = {
  entries: Map<string, PoolEntry>;
  /** Counts forgets: a take that began before one must not pool what it read (it may be stale). */
  forgets: number;
  inflight: Map<string, Promise<unknown>>;
  subscriber?: Redis;
  listening: boolean;
};

// On globalThis: Next bundles each route separately, and all of them must see one pool, one
// subscription (a revoke in the web app's route clears what /v1 routes hold).
const globalForPool = globalThis as unknown as { leadpipeAccessPool?: PoolState };

function state(): PoolState {
  globalForPool.leadpipeAccessPool ??= { entries: new Map(), forgets: 0, inflight: new Map(), listening: false };
  return globalForPool.leadpipeAccessPool;
}

function listen(pool: PoolState) {
  if (pool.subscriber) return;
  const subscriber = createRedis("request");
  pool.subscriber = subscriber;
  const stop = () => {
    pool.listening = false;
    pool.forgets++;
    pool.entries.clear(); // invalidations may be missed while the subscription is down
  };
  subscriber.on("close", stop);
  subscriber.on("message", (_channel: string, message: string) => forgetInProcess(message.split(",")));
  // ioredis subscribes again by itself after a reconnect and then emits "ready".
  subscriber.on("ready", () => {
    if (pool.listening) return;
    subscriber.subscribe(AUTH_CHANNEL).then(() => (pool.listening = true), stop);
  });
}

/** Whether pools are in use here: only while this process hears invalidations. */
export function poolInUse(): boolean {
  const pool = state();
  listen(pool);
  return pool.listening;
}

/** A pooled token for this request, or null when the pool is empty, stale or not in use. */
export function takeFromPool(hash: string): PoolEntry | null {
  if (!poolInUse()) return null;
  const pool = state();
  const entry = pool.entries.get(hash);
  if (!entry) return null;
  if (performance.now() - entry.takenAt > POOL_SECONDS * 1000) {
    pool.entries.delete(hash);
    return null;
  }
  if (entry.pooled < 1) return null;
  entry.pooled -= 1;
  return entry;
}

/** Where the forget count stands: pass it to keepInPool with what a take brings back. */
export function forgetCount(): number {
  return state().forgets;
}

/** Keeps what one Redis take brought back beyond the request's own token, unless a forget came in meanwhile. */
export function keepInPool(hash: string, entry: Omit<PoolEntry, "takenAt">, forgetsAtStart: number) {
  const pool = state();
  if (!pool.listening || pool.forgets !== forgetsAtStart) return;
  const previous = pool.entries.get(hash);
  const stillFresh = previous && performance.now() - previous.takenAt <= POOL_SECONDS * 1000;
  pool.entries.set(hash, { ...entry, pooled: entry.pooled + (stillFresh ? previous.pooled : 0), takenAt: performance.now() });
  if (pool.entries.size > 10_000) pool.entries.delete(pool.entries.keys().next().value!);
}

/** Runs `take` for this token unless one is already under way; callers then look at the pool again. */
export async function oneTakeAtATime<T>(hash: string, take: () => Promise<T>): Promise<T | null> {
  const pool = state();
  const running = pool.inflight.get(hash);
  if (running) {
    await running.catch(() => undefined);
    return null;
  }
  const promise = take();
  pool.inflight.set(hash, promise);
  try {
    return await promise;
  } finally {
    pool.inflight.delete(hash);
  }
}

/** This process forgets these tokens (the publisher also runs this, before others hear of it). */
export function forgetInProcess(hashes: string[]) {
  const pool = state();
  pool.forgets++;
  for (const hash of hashes) pool.entries.delete(hash);
}

/** The bucket as this request leaves it: Redis's last figure, refilled since, plus what is pooled. */
export function bucketNow(entry: PoolEntry): { tokens: number; now: number } {
  const elapsed = (performance.now() - entry.takenAt) / 1000;
  const inRedis = Math.min(entry.capacity, entry.bucketTokens + elapsed * entry.rate);
  return { tokens: inRedis + entry.pooled, now: entry.bucketAt + elapsed };
}
