import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./proc.mjs";

// `npm test` runs its steps side by side (docs/development.md "How the suite runs"). Each step that
// starts the app, a worker or writes the database gets a slot of its own: a database, a Redis
// database and a pair of ports that no other step touches, so two steps never see each other's jobs
// or rows. Slot 0 is the test environment itself (TEST_DATABASE_URL, TEST_REDIS_URL, TEST_PORT,
// TEST_WORKER_PORT); slot k adds a letter to the database's name (leadpipe_test_h4 → leadpipe_test_h4a for k = 1),
// takes the k-th of TEST_EXTRA_REDIS_DBS (e.g. 7,8,9; none by default)
// and the ports 2k and 2k+1 above TEST_PORT.

// Opt-in: without TEST_EXTRA_REDIS_DBS there is one slot and the steps run one after another. On
// 2 cores the suite side by side is CPU-bound (load 17–22 on 2026-11-28) and tests that wait with a
// deadline (a worker's start, vitest's 5 s per unit test) missed it (docs/benchmarks.md).
export function extraRedisDbs(env) {
  return (env.TEST_EXTRA_REDIS_DBS ?? "").split(",").filter(Boolean).map(Number);
}

/** How many slots this machine's settings allow (1 + the extra Redis databases). */
export const slotCount = (env) => 1 + extraRedisDbs(env).length;

export function slotEnv(env, k) {
  if (k === 0) return env;
  const database = new URL(env.DATABASE_URL);
  database.pathname = `${database.pathname}${String.fromCharCode(96 + k)}`;
  const redis = new URL(env.REDIS_URL);
  redis.pathname = `/${extraRedisDbs(env)[k - 1]}`;
  const port = Number(env.PORT) + 2 * k;
  return {
    ...env,
    DATABASE_URL: database.toString(),
    REDIS_URL: redis.toString(),
    PORT: String(port),
    WORKER_PORT: String(port + 1),
    APP_URL: `http://localhost:${port}`,
    NEXTAUTH_URL: `http://localhost:${port}`,
  };
}

// Shards are balanced by each file's time in the last run (.run/durations.json, written after every
// run) or, on a clean clone, by the times recorded in scripts/lib/test-durations.json; a file neither
// knows counts as the median.
const LAST = path.join(ROOT, ".run", "durations.json");
const RECORDED = path.join(ROOT, "scripts", "lib", "test-durations.json");

export function knownDurations() {
  const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {});
  return { ...read(RECORDED), ...read(LAST) };
}

/**
 * Splits files, in their order, into consecutive runs of about equal time: a shard sees the files
 * before it as the whole suite would (Playwright runs its files in name order, and a spec may find
 * what earlier ones left in the shared demo workspace). `headStarts` has one entry per group: how
 * long that group is busy before its files begin; the split makes the last group finish as early as
 * it can (a binary search over the finishing time, each group filled in turn).
 */
export function planShards(files, headStarts) {
  const known = knownDurations();
  const times = files
    .map((file) => known[file])
    .filter((ms) => ms !== undefined)
    .sort((a, b) => a - b);
  const median = times.length ? times[Math.floor(times.length / 2)] : 15_000; // nothing known: about an integration file's time
  const weights = files.map((file) => known[file] ?? median);
  const fill = (finish) => {
    const groups = headStarts.map(() => []);
    let next = 0;
    for (const [g, start] of headStarts.entries()) {
      let load = start;
      while (next < files.length && load + weights[next] <= finish) {
        groups[g].push(files[next]);
        load += weights[next++];
      }
    }
    return next === files.length ? groups : null;
  };
  let low = 0;
  let high = Math.max(...headStarts) + weights.reduce((sum, ms) => sum + ms, 0);
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fill(mid)) high = mid;
    else low = mid;
  }
  return fill(high);
}

/** Adds this run's per-file times (path relative to the checkout → ms) to .run/durations.json. */
export function recordDurations(durations) {
  const last = existsSync(LAST) ? JSON.parse(readFileSync(LAST, "utf8")) : {};
  writeFileSync(LAST, `${JSON.stringify({ ...last, ...durations }, null, 1)}\n`);
}
