import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { acquireSlot, limiterKeys, releaseSlot } from "@/lib/providers/limiter";
import { redis } from "@/lib/redis";
import { ROOT } from "../helpers/processes";

// The provider limiter in Redis, shared by separate processes (tests/helpers/limiter-user.ts), as
// two worker processes share a provider: together they never exceed max_concurrency, the
// requests-per-minute bucket spaces their calls, and a slot held by a process that died is free
// again once its lease runs out.

type Interval = { start: number; end: number; process: number };
const keys: string[] = [];

function newKey(label: string) {
  const key = `test-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  keys.push(key);
  return key;
}

function runUser(args: Record<string, unknown>): { done: Promise<{ code: number | null; output: string }>; kill: () => void; line: Promise<string> } {
  const child = spawn(process.execPath, ["--import", "tsx", path.join("tests", "helpers", "limiter-user.ts"), JSON.stringify(args)], {
    cwd: ROOT,
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let firstLine: (line: string) => void;
  const line = new Promise<string>((resolve) => (firstLine = resolve));
  child.stdout.on("data", (chunk) => {
    output += chunk;
    if (output.includes("\n")) firstLine(output.split("\n")[0]);
  });
  child.stderr.on("data", (chunk) => (output += chunk));
  const done = new Promise<{ code: number | null; output: string }>((resolve) => child.on("exit", (code) => resolve({ code, output })));
  return { done, kill: () => child.kill("SIGKILL"), line };
}

async function intervals(user: ReturnType<typeof runUser>, process: number): Promise<Interval[]> {
  const { code, output } = await user.done;
  expect(code, output).toBe(0);
  return output
    .trim()
    .split("\n")
    .map((line) => ({ ...(JSON.parse(line) as { start: number; end: number }), process }));
}

/** The most calls in flight at one time (an end at the same millisecond as a start counts first). */
function maxInFlight(all: Interval[]) {
  const points = all
    .flatMap((i) => [
      { at: i.start, delta: 1 },
      { at: i.end, delta: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.delta - b.delta);
  let current = 0;
  let max = 0;
  for (const point of points) max = Math.max(max, (current += point.delta));
  return max;
}

afterAll(async () => {
  for (const key of keys) await redis().del(limiterKeys(key).slots, limiterKeys(key).bucket);
});

describe("provider limiter across processes", () => {
  it("keeps two processes together within max_concurrency", async () => {
    const key = newKey("concurrency");
    const args = { key, limits: { maxConcurrency: 3, requestsPerMinute: 60_000 }, startAt: Date.now() + 4_000, calls: 12, callMs: 150 };
    const [a, b] = [runUser(args), runUser(args)];
    const all = [...(await intervals(a, 1)), ...(await intervals(b, 2))];
    expect(all).toHaveLength(24);
    // Both start at once and each would run 3 at a time on its own (6 together); shared, 3 at most.
    expect(maxInFlight(all)).toBe(3);
    const span = Math.max(...all.map((i) => i.end)) - Math.min(...all.map((i) => i.start));
    expect(span).toBeGreaterThanOrEqual(8 * 150 - 20); // 24 calls, 3 at a time, 150 ms each
    expect(await redis().zcard(limiterKeys(key).slots)).toBe(0); // every slot given back
  });

  it("spaces calls by the requests-per-minute bucket across processes", async () => {
    const key = newKey("rate");
    // 120 per minute: a bucket of 2 (one second's worth), refilled one every 500 ms.
    const args = { key, limits: { maxConcurrency: 10, requestsPerMinute: 120 }, startAt: Date.now() + 4_000, calls: 4, callMs: 10 };
    const [a, b] = [runUser(args), runUser(args)];
    const starts = [...(await intervals(a, 1)), ...(await intervals(b, 2))].map((i) => i.start).sort((x, y) => x - y);
    expect(starts).toHaveLength(8);
    // In any window, at most 2 + (window / 500 ms) calls start (a few ms of tolerance for clocks and scheduling).
    for (let i = 0; i < starts.length; i++) {
      for (let j = i + 1; j < starts.length; j++) expect(j - i + 1).toBeLessThanOrEqual(2 + Math.floor((starts[j] - starts[i] + 30) / 500));
    }
    const span = starts[7] - starts[0];
    expect(span).toBeGreaterThanOrEqual(6 * 500 - 30); // no upper bound: a loaded machine only spreads the calls further
  });

  it("frees a slot held by a process that died once its lease runs out", async () => {
    const key = newKey("lease");
    const limits = { maxConcurrency: 1, requestsPerMinute: 60_000 };
    const holder = runUser({ key, limits, hold: true, leaseMs: 2_000 });
    const heldAt = Number((await holder.line).split(" ")[1]);
    holder.kill();
    expect((await holder.done).code).toBe(null); // killed while holding the slot
    expect(await redis().zcard(limiterKeys(key).slots)).toBe(1);

    const lease = await acquireSlot(key, limits);
    const waited = Date.now() - heldAt;
    expect(waited).toBeGreaterThanOrEqual(2_000 - 50); // freed by the lease's end, not before (and the acquire returned: not never)
    await releaseSlot(key, lease);
    expect(await redis().zcard(limiterKeys(key).slots)).toBe(0);
  });
});
