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
    // The timing config (lib/config/timing.ts) set short where tests would otherwise wait real
    // windows out; the client's Undo follows the server's window, so 7 s stay to press it.
    UNDO_WINDOW_MS: "8000",
    // The recipient checks ask real DNS about every lead's domain; the tests' leads live at made-up
    // domains (.example, .test) that a real resolver answers NXDOMAIN, so they would all be `no_mx`.
    // Off for the suite; the tests of the checks turn them on against their own DNS server on
    // loopback (tests/integration/recipient-checks.test.ts, lib/dns/*.test.ts).
    RECIPIENT_CHECKS: "false",
    MAILBOX_SCAN_MS: "1000",
    // A killed process's open Idempotency-Key claims are taken over once its lease lapses.
    IDEMPOTENCY_LEASE_MS: "3000",
    // Workers leave drafts' spam scores pending (lib/config: SPAM_SCORING); the spam tests spawn
    // their worker with it on against the spamd `npm test` starts.
    SPAM_SCORING: "false",
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
