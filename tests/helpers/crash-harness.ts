import { afterAll, beforeAll } from "vitest";
import { sql } from "@/lib/db";
import { closeQueues } from "@/lib/queues";
import { seed } from "@/prisma/seed/run-seed";
import { startFileServer, toCsv } from "./csv-fixtures";
import { resetDatabase } from "./db";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "./processes";
import { startSmtpSink } from "./smtp-sink";

// What the crash tests share (tests/integration/*-crash.test.ts): a fresh database, the leads CSV
// served over HTTP at `csvUrl`, an SMTP server, and one worker process at a time, started (with
// LEADPIPE_CRASH_AT and the like in `env`) and SIGKILLed by the test. Registers its own
// beforeAll/afterAll; read `smtp` and `worker` once the tests run.

export const SYSTEM_ACTOR = { type: "system" as const, id: "tests", name: "tests" };

export function crashHarness(rows: () => Record<string, string>[]) {
  let port = 0;
  let files: Awaited<ReturnType<typeof startFileServer>> | undefined;
  const harness = {
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpSink>>,
    worker: undefined as Spawned | undefined,
    csvUrl: () => `${files!.url}/leads.csv`,
    async startWorker(env: Record<string, string> = {}) {
      harness.worker = spawnWorker({ WORKER_PORT: String(port), ...env });
      await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
    },
    async killWorker() {
      harness.worker!.child.kill("SIGKILL");
      await harness.worker!.exited;
    },
  };
  beforeAll(async () => {
    await resetDatabase();
    await seed();
    port = await freePort();
    files = await startFileServer(new Map([["/leads.csv", toCsv(rows())]]));
    harness.smtp = await startSmtpSink();
  });
  afterAll(async () => {
    harness.worker?.child.kill("SIGKILL");
    await files?.close();
    await harness.smtp?.close();
    await closeQueues();
  });
  return harness;
}

/** The number a `SELECT count(*) AS n …` answers. */
export async function count(query: string, params: unknown[]): Promise<number> {
  return Number((await sql().query<{ n: string }>(query, params)).rows[0].n);
}
