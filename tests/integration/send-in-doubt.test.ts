import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db, sql } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { Conflict } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { putMailbox } from "@/lib/mailbox/mailbox-settings";
import { closeQueues, queue } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { resolveSend } from "@/lib/sending/resolve-send";
import { sendDraft } from "@/lib/sending/send-draft";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";
import { TcpProxy } from "../helpers/tcp-proxy";

// Sends in doubt (contract §12, docs/reliability.md "Sending exactly once"), on real worker
// processes, a real SMTP server and a real IMAP server (Dovecot):
// - a worker killed between `committing` and the end of the message leaves a send nobody can know
//   was sent: the next attempt records it `in_doubt`, not sent, and the run stays `sending`;
// - with the sender mailbox's Sent folder holding its Message-ID, the worker's check records it sent;
// - without a mailbox it waits for a reviewer, whose `sent` records it and whose `resend` sends it
//   once more under the same Message-ID;
// - a relay that reads the message to its end and hangs up without an answer: in doubt at once;
// - a worker whose `committing` write lost its answer (the database went away under it) knows it
//   never ended the message: it puts the send back to pending, and it is sent once later.

const actor = { type: "system" as const, id: "tests", name: "tests" };
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dovecot: Dovecot;
let reviewerId = "";
const workers: Spawned[] = [];

async function workspaceWithRelay(slug: string): Promise<string> {
  const workspaceId = (await ensureWorkspace({ slug, name: slug })).id;
  await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: `sam@${slug}.example`, from_name: "Sam" }, actor);
  return workspaceId;
}

async function startWorker(env: Record<string, string | undefined> = {}): Promise<Spawned> {
  const port = await freePort();
  const worker = spawnWorker({ WORKER_PORT: String(port), ...env });
  workers.push(worker);
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
  return worker;
}

async function stopWorkers() {
  for (const worker of workers.splice(0)) {
    worker.child.kill("SIGKILL");
    await worker.exited;
  }
}

/** A worker that SIGKILLs itself once its first send is in `committing`, before the end of the message. */
async function crashAfterCommitting(workspaceId: string, draftId: string) {
  const worker = await startWorker({ LEADPIPE_CRASH_AT: "send.after-committing" });
  await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });
  expect((await worker.exited).signal).toBe("SIGKILL");
  workers.splice(workers.indexOf(worker), 1);
  await new Promise((resolve) => setTimeout(resolve, 300)); // let the sink see the connection drop
}

const mailsFor = (draftId: string) => smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === draftId);
const completedEvents = (workspaceId: string, draftId: string) =>
  db().event.count({ where: { workspaceId, type: "send.completed", data: { path: ["draft_id"], equals: draftId } } });
const sendOf = (draftId: string) => db().send.findUniqueOrThrow({ where: { draftId } });
const runStatus = async (runId: string) => (await db().run.findUniqueOrThrow({ where: { id: runId } })).status;

/** What a send in doubt must look like: not sent, nothing says it was. */
async function expectInDoubt(workspaceId: string, runId: string, draftId: string) {
  const send = await sendOf(draftId);
  expect(send).toMatchObject({ status: "in_doubt", acceptedAt: null });
  expect(send.inDoubtAt).toBeInstanceOf(Date);
  expect((await db().draft.findUniqueOrThrow({ where: { id: draftId } })).status).toBe("approved");
  const runLead = await db().runLead.findFirstOrThrow({ where: { drafts: { some: { id: draftId } } }, include: { lead: true } });
  expect([runLead.state, runLead.stage, runLead.lead.status]).toEqual(["running", "send", "approved"]);
  expect(await runStatus(runId)).toBe("sending");
  expect(await completedEvents(workspaceId, draftId)).toBe(0);
  return send;
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  await queue("reconcile").obliterate({ force: true });
  smtp = await startSmtpSink();
  dovecot = await startDovecot(["sender"]);
  reviewerId = (await db().user.create({ data: { id: newId("usr"), email: "rev@doubt.example", name: "Rev", passwordHash: "x" } })).id;
}, 60_000);

afterEach(stopWorkers);

afterAll(async () => {
  await stopWorkers();
  await smtp?.close();
  await dovecot?.stop();
  await closeQueues();
});

describe("sends in doubt", () => {
  it("killed between committing and the end of the message: in doubt, not sent; the Sent folder holding its Message-ID resolves it to sent", async () => {
    const workspaceId = await workspaceWithRelay("doubt-mailbox");
    const { username, password } = dovecot.user("sender");
    await putMailbox(workspaceId, { host: dovecot.host, port: dovecot.port, secure: false, username, password, folders: ["INBOX"] }, actor);
    const {
      runId,
      draftIds: [draftId],
    } = await draftsAwaitingReview(workspaceId, ["ada@doubt.example"]);
    await crashAfterCommitting(workspaceId, draftId);
    expect(mailsFor(draftId)).toHaveLength(0);
    expect((await sendOf(draftId)).status).toBe("committing");

    // The next attempt (BullMQ's retry, the resume sweep) finds it in `committing`.
    expect(await sendDraft(draftId)).toBe("in_doubt");
    expect(await sendDraft(draftId)).toBe("skipped");
    const send = await expectInDoubt(workspaceId, runId, draftId);
    expect(mailsFor(draftId)).toHaveLength(0);

    // The mail service kept a copy of what its relay sent (as Gmail or Microsoft 365 do).
    await dovecot.append(
      username,
      `Message-ID: ${send.messageId}\r\nFrom: sam@doubt-mailbox.example\r\nTo: ada@doubt.example\r\nSubject: Hello\r\n\r\nHi\r\n`,
      "Sent",
    );
    await startWorker(); // runs the check queued when the send became in doubt
    await eventually(async () => (await sendOf(draftId)).status === "sent", { timeoutMs: 45_000, everyMs: 250 });
    const resolved = await sendOf(draftId);
    expect(resolved).toMatchObject({ confirmed: true, messageId: send.messageId });
    expect(resolved.error).toMatch(/Sent folder \(Sent\)/);
    expect(await completedEvents(workspaceId, draftId)).toBe(1);
    expect((await db().runLead.findFirstOrThrow({ where: { runId } })).state).toBe("done");
    await eventually(async () => (await runStatus(runId)) === "completed", { timeoutMs: 10_000, everyMs: 100 });
    expect(mailsFor(draftId)).toHaveLength(0); // resolved, never sent again
  }, 120_000);

  it("without a mailbox it waits for a reviewer: `sent` records it, `resend` sends it once under the same Message-ID", async () => {
    const workspaceId = await workspaceWithRelay("doubt-reviewer");
    const {
      runId,
      draftIds: [kept, lost],
    } = await draftsAwaitingReview(workspaceId, ["grace@doubt.example", "linus@doubt.example"]);
    await crashAfterCommitting(workspaceId, kept);
    await crashAfterCommitting(workspaceId, lost);
    expect(await sendDraft(kept)).toBe("in_doubt");
    expect(await sendDraft(lost)).toBe("in_doubt");
    await expectInDoubt(workspaceId, runId, kept);
    const lostSend = await expectInDoubt(workspaceId, runId, lost);

    // A worker comes back (and with it the crashed attempts' jobs and the queued checks): nothing changes on its own.
    await startWorker();
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    await expectInDoubt(workspaceId, runId, kept);
    await expectInDoubt(workspaceId, runId, lost);
    expect(mailsFor(kept).length + mailsFor(lost).length).toBe(0);

    const reviewer = { type: "user" as const, id: reviewerId, name: "Rev" };
    const recorded = await resolveSend(workspaceId, (await sendOf(kept)).id, { outcome: "sent" }, reviewer);
    expect(recorded).toMatchObject({ status: "sent", confirmed: false, note: expect.stringMatching(/confirmed by a reviewer/i) });
    expect(await completedEvents(workspaceId, kept)).toBe(1);
    await expect(resolveSend(workspaceId, (await sendOf(kept)).id, { outcome: "resend" }, reviewer)).rejects.toBeInstanceOf(Conflict);
    expect(await runStatus(runId)).toBe("sending"); // the other one is still in doubt

    const again = await resolveSend(workspaceId, lostSend.id, { outcome: "resend" }, reviewer);
    expect(again.status).toBe("pending");
    await eventually(async () => (await sendOf(lost)).status === "sent", { timeoutMs: 30_000, everyMs: 250 });
    expect(mailsFor(lost)).toHaveLength(1);
    expect(mailsFor(lost)[0].headers.get("message-id")).toBe(lostSend.messageId);
    expect(await sendOf(lost)).toMatchObject({ confirmed: true, messageId: lostSend.messageId });
    expect(mailsFor(kept)).toHaveLength(0);
    expect(await completedEvents(workspaceId, lost)).toBe(1);
    await eventually(async () => (await runStatus(runId)) === "completed", { timeoutMs: 10_000, everyMs: 100 });
    const audit = await db().auditEntry.findMany({ where: { workspaceId, action: "send.resolved" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => (entry.data as { outcome: string }).outcome)).toEqual(["sent", "resend"]);
  }, 120_000);

  it("a relay that hangs up after the end of the message, without an answer: in doubt at once, not sent again", async () => {
    const hangingUp = await startSmtpSink({ hangUp: { "ada@doubt-hangup.example": "kept" } });
    try {
      const workspaceId = (await ensureWorkspace({ slug: "doubt-hangup", name: "doubt-hangup" })).id;
      await putRelay(workspaceId, { host: "127.0.0.1", port: hangingUp.port, secure: false, from_email: "sam@doubt-hangup.example", from_name: "Sam" }, actor);
      const {
        runId,
        draftIds: [draftId],
      } = await draftsAwaitingReview(workspaceId, ["ada@doubt-hangup.example"]);
      await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });
      expect(await sendDraft(draftId)).toBe("in_doubt"); // settles at once (it used to wait forever for the answer)
      const send = await expectInDoubt(workspaceId, runId, draftId);
      expect(send.error).toMatch(/No answer from the relay after the end of the message/);
      expect(await sendDraft(draftId)).toBe("skipped");
      expect(hangingUp.mails).toHaveLength(1); // the relay kept the one copy
    } finally {
      await hangingUp.close();
    }
  }, 60_000);

  it("a `committing` write whose answer was lost: the worker puts the send back to pending through the outage, and it is sent once", async () => {
    const workspaceId = await workspaceWithRelay("doubt-outage");
    const {
      runId,
      draftIds: [draftId],
    } = await draftsAwaitingReview(workspaceId, ["ada@doubt-outage.example"]);
    // The worker reaches PostgreSQL through a proxy the test cuts while the `committing` UPDATE is
    // committing (held 3 s at its commit by a deferred trigger): it commits, its answer never arrives.
    const target = new URL(process.env.DATABASE_URL!);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const proxied = new URL(target);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    await sql().query(
      `CREATE OR REPLACE FUNCTION test_hold_committing() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(3); RETURN NULL; END $$ LANGUAGE plpgsql`,
    );
    await sql().query(
      `CREATE CONSTRAINT TRIGGER test_hold_committing AFTER UPDATE ON sends DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status = 'sending' AND NEW.status = 'committing' AND NEW."draftId" = '${draftId}') EXECUTE FUNCTION test_hold_committing()`,
    );
    try {
      await startWorker({ DATABASE_URL: proxied.toString() });
      await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });
      await eventually(
        async () => {
          const { rows } = await sql().query(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()`);
          return rows.length > 0;
        },
        { timeoutMs: 30_000, everyMs: 50 },
      );
      await proxy.cut();
      await sql().query(`DROP TRIGGER test_hold_committing ON sends`); // waits for the held UPDATE to finish
      await eventually(async () => (await sendOf(draftId)).status === "committing", { timeoutMs: 5_000, everyMs: 50 }).catch(async () => {
        throw new Error(`the held commit did not commit: the send is ${(await sendOf(draftId)).status}`);
      });
      await new Promise((resolve) => setTimeout(resolve, 2_000)); // the worker retries against a database it cannot reach
      expect((await sendOf(draftId)).status).toBe("committing");
      await proxy.restore();

      await eventually(async () => (await sendOf(draftId)).status === "sent", { timeoutMs: 60_000, everyMs: 250 });
      const send = await sendOf(draftId);
      expect(send).toMatchObject({ confirmed: true, attempts: 2, inDoubtAt: null });
      expect(mailsFor(draftId)).toHaveLength(1);
      expect(mailsFor(draftId)[0].headers.get("message-id")).toBe(send.messageId);
      expect(await completedEvents(workspaceId, draftId)).toBe(1);
      // The run settles just after the send commits (settleRun runs outside its transaction).
      await eventually(async () => (await runStatus(runId)) === "completed", { timeoutMs: 10_000, everyMs: 100 });
    } finally {
      await sql().query(`DROP TRIGGER IF EXISTS test_hold_committing ON sends`);
      await sql().query(`DROP FUNCTION IF EXISTS test_hold_committing()`);
      await proxy.cut();
    }
  }, 120_000);
});
