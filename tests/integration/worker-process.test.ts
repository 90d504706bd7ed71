import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { closeQueues, enqueue, queue } from "@/lib/queues";
import { approveDraft } from "@/lib/drafts/review-draft";
import { putRelay } from "@/lib/relay/relay-settings";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

let worker: Spawned | undefined;

beforeAll(async () => {
  await resetDatabase();
  await seed();
});
afterEach(async () => {
  worker?.child.kill("SIGKILL");
  worker = undefined;
  await closeQueues();
});

let port = 0;

async function startWorker(env: Record<string, string> = {}) {
  port = await freePort();
  const started = spawnWorker({ WORKER_PORT: String(port), ...env });
  worker = started; // killed by afterEach even when the test times out before it is ready
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 }); // a loaded machine starts a worker slowly
  return started;
}

describe("worker process", () => {
  it("runs jobs from the queue registry against the real database", async () => {
    const workspace = await db().workspace.create({ data: { id: newId("ws"), slug: `ws-${Date.now()}`, name: "W" } });
    const user = await db().user.create({ data: { id: newId("usr"), email: `u${Date.now()}@example.com`, name: "U", passwordHash: "x" } });
    const token = await db().apiToken.create({
      data: {
        id: newId("tok"),
        workspaceId: workspace.id,
        userId: user.id,
        name: "t",
        tokenHash: newId("tok"),
        prefix: "lpat_abcd",
        last4: "wxyz",
        scope: "write",
      },
    });
    const base = { workspaceId: workspace.id, tokenId: token.id, method: "POST", path: "/v1/leads", bodyHash: "h" };
    await db().idempotencyKey.createMany({
      data: [
        { ...base, id: newId("idk"), key: "old", expiresAt: new Date(Date.now() - 1000) },
        { ...base, id: newId("idk"), key: "fresh", expiresAt: new Date(Date.now() + 3_600_000) },
      ],
    });

    worker = await startWorker();
    await enqueue("housekeeping", { v: 1, task: "purge-idempotency-keys" });
    const keys = await eventually(async () => {
      const rows = await db().idempotencyKey.findMany({ where: { workspaceId: workspace.id } });
      return rows.length === 1 ? rows : null;
    });
    expect(keys[0].key).toBe("fresh");
  });

  it("fails a job whose payload breaks its queue's schema at once, with a log line naming it", async () => {
    worker = await startWorker();
    // Written past enqueue() (which would refuse it), as an old or foreign producer might.
    const job = await queue("send").add("send", { v: 2, draftId: 42 }, { jobId: `send.bad-${Date.now()}` });
    const failed = await eventually(async () => ((await job.getState()) === "failed" ? queue("send").getJob(job.id!) : null));
    expect(failed?.failedReason).toMatch(/^The send payload fails its schema: v: .*; draftId: /);
    expect(failed?.attemptsMade).toBe(1); // not retried: the same bytes would fail again
    const line = await eventually(
      async () =>
        worker!
          .output()
          .split("\n")
          .find((l) => l.includes("job payload fails its schema")) ?? null,
      { timeoutMs: 10_000 },
    );
    expect(JSON.parse(line)).toMatchObject({ level: 50, queue: "send", job: job.id, problems: expect.stringContaining("draftId") });
  });

  it("serves Prometheus metrics, behind METRICS_TOKEN when it is set", async () => {
    worker = await startWorker({ METRICS_TOKEN: "metrics-token-for-tests" });
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
    await enqueue("housekeeping", { v: 1, task: "purge-idempotency-keys" });
    const scrape = async () => (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: "Bearer metrics-token-for-tests" } })).text();
    const text = await eventually(async () => {
      const body = await scrape();
      return /^leadpipe_jobs_total\{queue="housekeeping",outcome="completed"\} [1-9]/m.test(body) ? body : null;
    });
    expect(text).toMatch(/^leadpipe_queue_jobs\{queue="stage",state="waiting"\} \d+$/m);
    expect(text).toMatch(/^leadpipe_outbox_pending_events \d+$/m);
  });

  it("stops cleanly on SIGTERM", async () => {
    worker = await startWorker();
    worker.child.kill("SIGTERM");
    const { code } = await worker.exited;
    expect(code).toBe(0);
    expect(worker.output()).toContain("worker: stopped");
  });

  it("on SIGTERM with a send in flight, finishes the send (one mail, recorded sent) before it exits", async () => {
    const actor = { type: "system" as const, id: "tests", name: "tests" };
    const email = "ada@inflight.example";
    // The relay reads the message and holds its answer: the send job is in flight until it answers.
    const smtp = await startSmtpSink({ holdAnswer: [email] });
    try {
      const workspaceId = (await ensureWorkspace({ slug: "inflight", name: "In flight" })).id;
      await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@inflight.example", from_name: "Sam" }, actor);
      const reviewerId = (await db().user.create({ data: { id: newId("usr"), email: "rev@inflight.example", name: "Rev", passwordHash: "x" } })).id;
      const {
        draftIds: [draftId],
      } = await draftsAwaitingReview(workspaceId, [email]);
      worker = await startWorker();
      await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });
      await eventually(async () => smtp.held() === 1, { timeoutMs: 30_000 });
      expect((await db().send.findUniqueOrThrow({ where: { draftId } })).status).toBe("committing");

      worker.child.kill("SIGTERM");
      // The worker took the signal (it reports itself stopping) while the send waits for the relay.
      await eventually(async () => (await getJson(`http://127.0.0.1:${port}/healthz`)).status === 503);
      expect(worker.child.exitCode).toBeNull();
      smtp.release();

      const { code } = await worker.exited;
      expect(code).toBe(0);
      expect(worker.output()).toContain("worker: stopped");
      expect(smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === draftId)).toHaveLength(1);
      expect(await db().send.findUniqueOrThrow({ where: { draftId } })).toMatchObject({ status: "sent", confirmed: true, attempts: 1 });
      expect((await db().draft.findUniqueOrThrow({ where: { id: draftId } })).status).toBe("sent");
    } finally {
      smtp.release();
      await smtp.close();
    }
  }, 90_000);

  it("refuses to start with a bad environment value, naming it", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ ENCRYPTION_KEY: "too-short" }, "ENCRYPTION_KEY"],
      [{ WORKER_PORT: "not-a-port" }, "WORKER_PORT"],
      [{ DATABASE_URL: "mysql://db.example/leads" }, "DATABASE_URL"],
      [{ WEBHOOK_RETRY_SCHEDULE: "5,soon" }, "WEBHOOK_RETRY_SCHEDULE"],
    ];
    for (const [env, name] of cases) {
      const started = spawnWorker(env);
      const { code } = await started.exited;
      expect(code, name).toBe(1);
      expect(started.output()).toContain(`Invalid environment configuration`);
      expect(started.output()).toContain(`${name}:`);
    }
  });

  it("refuses to start when a required secret is missing", async () => {
    const started = spawnWorker({ AUTH_SECRET: "" });
    const { code } = await started.exited;
    expect(code).toBe(1);
    expect(started.output()).toMatch(/AUTH_SECRET: is required/);
  });
});
