import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { Redis } from "ioredis";
import { ensureDatabase, ensureServices } from "../lib/services.mjs";
import { buildWorker } from "../lib/worker-build.mjs";

/** Benchmarks run on their own database and Redis database, never the development ones. */
export function benchEnvironment(port: number): Record<string, string> {
  return {
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/leadpipe_bench",
    REDIS_URL: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/2",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    APP_URL: `http://127.0.0.1:${port}`,
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    OUTBOUND_ALLOWLIST: "127.0.0.0/8,::1/128",
    LOG_LEVEL: "info", // the per-request log line is part of the cost
  };
}

export async function prepareBenchDatabase(env: Record<string, string>) {
  await ensureServices({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  await ensureDatabase(env.DATABASE_URL, { reset: true });
  execFileSync(path.join("node_modules", ".bin", "prisma"), ["migrate", "deploy"], { env: { ...process.env, ...env }, stdio: "ignore" });
  const redis = new Redis(env.REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}

export async function waitForUrl(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts one worker process for a bench, as `npm start` runs it (the bundle of scripts/lib/worker-build.mjs,
 * built now); BENCH_WORKER_FLAGS adds node flags (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
 */
export async function spawnBenchWorker(port: number) {
  const flags = process.env.BENCH_WORKER_FLAGS?.split(" ").filter(Boolean) ?? [];
  const { worker: bundle } = await buildWorker();
  const worker = spawn(process.execPath, [...flags, "--enable-source-maps", bundle], {
    env: { ...process.env, WORKER_PORT: String(port), LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let stopping = false;
  worker.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`bench: the worker exited early (${signal ?? `code ${code}`}); the figures would be meaningless`);
    process.exit(1);
  });
  return { pid: worker.pid, kill: (signal: NodeJS.Signals = "SIGTERM") => ((stopping = true), worker.kill(signal)) };
}
