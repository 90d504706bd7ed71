import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { bin, run } from "./proc.mjs";
import { ensureDatabase } from "./services.mjs";

// The environment every test step runs in (`npm test`, `npm run test:contract`), and a fresh test database.

export function testEnv() {
  return {
    ...process.env,
    NODE_ENV: "test",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/leadpipe_test",
    REDIS_URL: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/1",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // TEST_PORT / TEST_WORKER_PORT let two checkouts run their browser tests side by side.
    PORT: process.env.TEST_PORT ?? "3100",
    WORKER_PORT: process.env.TEST_WORKER_PORT ?? "3101",
    APP_URL: `http://localhost:${process.env.TEST_PORT ?? "3100"}`,
    NEXTAUTH_URL: `http://localhost:${process.env.TEST_PORT ?? "3100"}`,
    OUTBOUND_ALLOWLIST: "127.0.0.0/8,::1/128",
    METRICS_TOKEN: "metrics-token-of-the-test-app",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
}

/** Recreates the test database with every migration and empties the test Redis database. */
export async function prepareTestDatabase(env) {
  await ensureDatabase(env.DATABASE_URL, { reset: true });
  await run(bin("prisma"), ["migrate", "deploy"], { env, quiet: true });
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
  await redis.flushdb();
  redis.disconnect();
}
