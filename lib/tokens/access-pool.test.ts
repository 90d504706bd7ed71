import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AuthContext } from "@/lib/tokens/authenticate-token";

// The subscriber is a stand-in: the tests say when its subscription is confirmed, and send the
// invalidation messages and connection losses themselves. Time is performance.now(), set by hand.
class FakeSubscriber extends EventEmitter {
  subscribed: string[] = [];
  refuse = false;
  async subscribe(channel: string) {
    if (this.refuse) throw new Error("no");
    this.subscribed.push(channel);
    return 1;
  }
}
const subscribers: FakeSubscriber[] = [];
vi.mock("@/lib/redis", () => ({
  createRedis: () => {
    const subscriber = new FakeSubscriber();
    subscribers.push(subscriber);
    return subscriber;
  },
}));

const pool = await import("@/lib/tokens/access-pool");
const { AUTH_CHANNEL, POOL_SECONDS, bucketNow, forgetCount, forgetInProcess, keepInPool, oneTakeAtATime, poolInUse, takeFromPool } = pool;

let now = 1_000;
const auth = { token: { id: "tok_1" } } as AuthContext;
const entry = (pooled: number) => ({ auth, capacity: 100, rate: 10, pooled, bucketTokens: 40, bucketAt: 5_000 });
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A fresh pool whose subscription is confirmed. */
async function listening(): Promise<FakeSubscriber> {
  expect(poolInUse()).toBe(false); // creates the subscriber; not in use until it is confirmed
  const subscriber = subscribers.at(-1)!;
  subscriber.emit("ready");
  await flush();
  expect(poolInUse()).toBe(true);
  return subscriber;
}

beforeEach(() => {
  (globalThis as { leadpipeAccessPool?: unknown }).leadpipeAccessPool = undefined;
  subscribers.length = 0;
  now = 1_000;
  vi.spyOn(performance, "now").mockImplementation(() => now);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the pool's subscription", () => {
  it("is used only once the subscription to AUTH_CHANNEL is confirmed, with one subscriber per process", async () => {
    const subscriber = await listening();
    expect(subscriber.subscribed).toEqual([AUTH_CHANNEL]);
    poolInUse();
    subscriber.emit("ready"); // already listening: no second subscription
    await flush();
    expect(subscriber.subscribed).toEqual([AUTH_CHANNEL]);
    expect(subscribers).toHaveLength(1);
  });

  it("is not used while the subscription is refused, nor after the connection closes (which forgets everything)", async () => {
    poolInUse();
    const subscriber = subscribers[0];
    subscriber.refuse = true;
    const before = forgetCount();
    subscriber.emit("ready");
    await flush();
    expect(poolInUse()).toBe(false);
    expect(forgetCount()).toBe(before + 1);

    subscriber.refuse = false;
    subscriber.emit("ready"); // ioredis reconnected
    await flush();
    expect(poolInUse()).toBe(true);
    keepInPool("h", entry(3), forgetCount());
    subscriber.emit("close");
    expect(poolInUse()).toBe(false);
    subscriber.emit("ready");
    await flush();
    expect(takeFromPool("h")).toBeNull(); // what was pooled before the loss is gone
  });
});

describe("takeFromPool and keepInPool", () => {
  it("pool nothing while not in use", async () => {
    keepInPool("h", entry(3), forgetCount());
    expect(takeFromPool("h")).toBeNull();
    await listening();
    expect(takeFromPool("h")).toBeNull(); // kept before the subscription was confirmed: not kept at all
  });

  it("hand out what one take brought back, one token per request, while it is fresh", async () => {
    await listening();
    keepInPool("h", entry(2), forgetCount());
    now += 100;
    expect(takeFromPool("h")).toMatchObject({ auth, pooled: 1 });
    expect(takeFromPool("h")).toMatchObject({ pooled: 0 });
    expect(takeFromPool("h")).toBeNull();
    expect(takeFromPool("other")).toBeNull();
  });

  it("let a pool lapse after POOL_SECONDS: unused tokens are lost, never gained", async () => {
    await listening();
    keepInPool("h", entry(5), forgetCount());
    now += POOL_SECONDS * 1000;
    expect(takeFromPool("h")).toMatchObject({ pooled: 4 });
    now += 1;
    expect(takeFromPool("h")).toBeNull();
    keepInPool("h", entry(1), forgetCount()); // the lapsed entry was dropped: nothing carries over
    expect(takeFromPool("h")).toMatchObject({ pooled: 0 });
    expect(takeFromPool("h")).toBeNull();
  });

  it("add a take to what is still pooled and fresh, and restart the pool's age", async () => {
    await listening();
    keepInPool("h", entry(2), forgetCount());
    now += 900;
    keepInPool("h", entry(3), forgetCount());
    now += 900; // 1.8 s after the first take, 0.9 s after the second
    expect(takeFromPool("h")).toMatchObject({ pooled: 4 });
    now += POOL_SECONDS * 1000 + 1;
    keepInPool("h", entry(1), forgetCount()); // the pooled three lapsed: they do not carry over
    expect(takeFromPool("h")).toMatchObject({ pooled: 0 });
    expect(takeFromPool("h")).toBeNull();
  });

  it("do not keep what a take read when a forget came in meanwhile (it may be stale)", async () => {
    await listening();
    const atStart = forgetCount();
    forgetInProcess(["someone-else"]);
    keepInPool("h", entry(3), atStart);
    expect(takeFromPool("h")).toBeNull();
  });

  it("forget the tokens an invalidation names, here or from another process", async () => {
    const subscriber = await listening();
    for (const hash of ["a", "b", "c"]) keepInPool(hash, entry(3), forgetCount());
    subscriber.emit("message", AUTH_CHANNEL, "a,b");
    expect(takeFromPool("a")).toBeNull();
    expect(takeFromPool("b")).toBeNull();
    expect(takeFromPool("c")).not.toBeNull();
    const before = forgetCount();
    forgetInProcess(["c"]);
    expect(forgetCount()).toBe(before + 1);
    expect(takeFromPool("c")).toBeNull();
  });

  it("hold at most 10 000 tokens' pools, dropping the oldest", async () => {
    await listening();
    for (let i = 0; i <= 10_000; i++) keepInPool(`h${i}`, entry(1), forgetCount());
    expect(takeFromPool("h0")).toBeNull();
    expect(takeFromPool("h1")).not.toBeNull();
    expect(takeFromPool("h10000")).not.toBeNull();
  });
});

describe("oneTakeAtATime", () => {
  it("runs one take per token at a time; a caller that waited gets null and looks at the pool again", async () => {
    let finish!: (value: string) => void;
    const take = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = oneTakeAtATime("h", take);
    const second = oneTakeAtATime("h", take);
    const other = oneTakeAtATime("k", async () => "k");
    finish("taken");
    expect(await first).toBe("taken");
    expect(await second).toBeNull();
    expect(await other).toBe("k");
    expect(take).toHaveBeenCalledTimes(1);
    expect(await oneTakeAtATime("h", async () => "again")).toBe("again"); // the finished take no longer blocks
  });

  it("lets the first caller see its take fail, and the waiting one go on", async () => {
    let fail!: (error: Error) => void;
    const first = oneTakeAtATime("h", () => new Promise<string>((_, reject) => (fail = reject)));
    const second = oneTakeAtATime("h", async () => "never");
    fail(new Error("redis down"));
    await expect(first).rejects.toThrow("redis down");
    expect(await second).toBeNull();
    expect(await oneTakeAtATime("h", async () => "next")).toBe("next");
  });
});

describe("bucketNow", () => {
  it("is Redis's last figure refilled at the rate since the take, capped at capacity, plus what is pooled", () => {
    const taken = { ...entry(3), takenAt: now };
    expect(bucketNow(taken)).toEqual({ tokens: 43, now: 5_000 });
    now += 2_000;
    expect(bucketNow(taken)).toEqual({ tokens: 40 + 20 + 3, now: 5_002 });
    now += 60_000;
    expect(bucketNow(taken)).toEqual({ tokens: 100 + 3, now: 5_062 });
  });
});
