import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { encryptSecret } from "@/lib/crypto/secrets";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { redis } from "@/lib/redis";
import { createSender, getSender } from "@/lib/senders/senders";
import { updateSender } from "@/lib/wiring/sender-changes";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { pointMailboxAt, replyMessage, sentWorkspace } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Every sender's mailbox is read (contract §12): the intake worker keeps one session per mailbox —
// the workspace's own and each enabled sender's — and matches replies across all of the
// workspace's sends. A real IMAP server (dovecot) and a real worker process; two workers share one
// mailbox through its lease.

let dovecot: Dovecot;
const spawned: Spawned[] = [];

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("track").obliterate({ force: true });
  dovecot = await startDovecot(["own", "ann", "bea", "cal", "duo"]);
}, 60_000);

afterAll(async () => {
  for (const started of spawned) if (started.child.exitCode === null) started.child.kill("SIGKILL");
  await dovecot?.stop();
  await closeQueues();
});

describe("sender mailboxes", () => {
  it("reads the workspace's mailbox and a sender's, each with its own cursor, and matches replies to either", async () => {
    const { workspaceId, leads } = await sentWorkspace("sender-mailboxes", 3);
    await pointMailboxAt(workspaceId, dovecot, "own");
    const ann = dovecot.user("ann");
    const senderId = newId("sdr");
    await db().sender.create({
      data: {
        id: senderId,
        workspaceId,
        fromEmail: "ann@sender-mailboxes.example",
        relayHost: "127.0.0.1",
        relayPort: 2525,
        mailboxHost: dovecot.host,
        mailboxPort: dovecot.port,
        mailboxSecure: false,
        mailboxUsername: ann.username,
        mailboxPasswordEncrypted: encryptSecret(ann.password),
        mailboxFolders: ["INBOX"],
      },
    });
    // Lead 1's mail went out from Ann: its reply lands in her mailbox.
    await db().send.updateMany({ where: { draftId: leads[1].draftId }, data: { senderId } });

    const port = await freePort();
    const worker = spawnWorker({ WORKER_PORT: String(port), MAILBOX_POLL_SECONDS: "2" });
    spawned.push(worker);
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });

    await dovecot.append("own", replyMessage(leads[0], "Sounds interesting, tell me more about pricing."));
    await dovecot.append("ann", replyMessage(leads[1], "Yes, let's meet on Thursday."));
    const replies = await eventually(
      async () => {
        const rows = await db().reply.findMany({ where: { workspaceId } });
        return rows.length >= 2 ? rows : null;
      },
      { timeoutMs: 30_000 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output().slice(-3000)}`);
    });
    expect(new Map(replies.map((reply) => [reply.draftId, reply.leadId]))).toEqual(
      new Map([
        [leads[0].draftId, leads[0].leadId],
        [leads[1].draftId, leads[1].leadId],
      ]),
    );
    const cursors = await db().mailboxCursor.findMany({ where: { workspaceId }, orderBy: { folder: "asc" } });
    expect(cursors.map((cursor) => [cursor.folder, Number(cursor.lastUid)])).toEqual([
      ["INBOX", 1],
      [`${senderId}/INBOX`, 1],
    ]);
    const events = await eventually(async () => {
      const rows = await db().event.findMany({ where: { workspaceId, type: "reply.received" } });
      return rows.length >= 2 ? rows : null;
    });
    const senderOf = new Map(events.map((event) => [(event.data as { draft_id: string }).draft_id, (event.data as { sender_id: string | null }).sender_id]));
    expect(senderOf.get(leads[1].draftId)).toBe(senderId);
    expect(senderOf.get(leads[0].draftId)).toBeNull();

    // A disabled sender's mailbox is let go: mail that arrives afterwards is not read.
    await db().sender.update({ where: { id: senderId }, data: { enabled: false } });
    await new Promise((resolve) => setTimeout(resolve, 7_000)); // a scan (5 s) stops its session
    await dovecot.append("ann", replyMessage(leads[2], "Late answer."));
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(await db().reply.count({ where: { workspaceId, draftId: leads[2].draftId } })).toBe(0);
    worker.child.kill("SIGKILL");
  }, 180_000);

  it("records each sender mailbox's state for GET /v1/senders: a wrong password is `failed` with the reason, a good mailbox `idle`", async () => {
    const actor = { type: "system" as const, id: "tests", name: "tests" };
    const workspaceId = (await ensureWorkspace({ slug: "sender-status", name: "sender-status" })).id;
    const mailbox = (user: string, password: string) => ({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      username: user,
      password,
      folders: ["INBOX"],
    });
    const relay = { host: "127.0.0.1", port: 2525, secure: false };
    const sender = (email: string, box: ReturnType<typeof mailbox>) =>
      createSender(workspaceId, { from_email: email, relay, mailbox: box, daily_cap: null, ramp: null, enabled: true }, actor);
    const bea = await sender("bea@sender-status.example", mailbox("bea", "not-her-password"));
    const cal = await sender("cal@sender-status.example", mailbox("cal", dovecot.user("cal").password));
    expect(bea.mailbox!.status).toEqual({ state: "not_started", last_error: null, last_checked_at: null, changed_at: null });

    const port = await freePort();
    const worker = spawnWorker({ WORKER_PORT: String(port), MAILBOX_POLL_SECONDS: "2" });
    spawned.push(worker);
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });
    const statusOf = async (id: string) => (await getSender(workspaceId, id)).mailbox?.status;
    const explain = (error: Error) => {
      throw new Error(`${error.message}\n${worker.output().slice(-3000)}`);
    };

    const failed = await eventually(async () => {
      const status = await statusOf(bea.id);
      return status?.state === "failed" ? status : null;
    }).catch(explain);
    expect(failed).toMatchObject({ last_error: "login refused", last_checked_at: null, changed_at: expect.any(String) });
    const idle = await eventually(async () => {
      const status = await statusOf(cal.id);
      return status?.state === "idle" ? status : null;
    }).catch(explain);
    expect(idle).toMatchObject({ last_error: null, last_checked_at: expect.any(String) });
    expect(await db().mailboxStatus.count({ where: { workspaceId } })).toBe(0); // the workspace's own mailbox row is not touched

    // The admin fixes the password: the session starts again at once (no 30 s wait) and reaches idle.
    await updateSender(workspaceId, bea.id, { mailbox: mailbox("bea", dovecot.user("bea").password) }, actor);
    await eventually(async () => (await statusOf(bea.id))?.state === "idle", { timeoutMs: 20_000 }).catch(explain);
    expect((await statusOf(bea.id))?.last_error).toBeNull();

    // A disabled sender's mailbox is no longer read: its state is forgotten, not left at `idle`.
    await updateSender(workspaceId, cal.id, { enabled: false }, actor);
    await eventually(async () => (await statusOf(cal.id))?.state === "not_started", { timeoutMs: 20_000 }).catch(explain);
    worker.child.kill("SIGKILL");
  }, 180_000);

  it("two workers on one mailbox: one holds its lease and its one IMAP session, each reply is ingested once, and the other takes over when the holder stops", async () => {
    const { workspaceId, leads } = await sentWorkspace("two-workers", 6);
    await pointMailboxAt(workspaceId, dovecot, "duo");
    const leaseKey = `leadpipe:mailbox-lease:${workspaceId}`;
    const workers: { worker: Spawned; port: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const worker = spawnWorker({ WORKER_PORT: String(port), MAILBOX_POLL_SECONDS: "2" });
      spawned.push(worker);
      workers.push({ worker, port });
    }
    for (const { port } of workers) await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });
    const explain = (error: Error) => {
      throw new Error(`${error.message}\n${workers.map(({ worker }) => worker.output().slice(-2000)).join("\n---\n")}`);
    };
    const repliesTo = async (batch: typeof leads) => {
      const rows = await db().reply.findMany({ where: { workspaceId, draftId: { in: batch.map((lead) => lead.draftId) } } });
      return rows.length >= batch.length ? rows : null;
    };
    const onlyOneReader = async () => {
      // One lease for this mailbox (the earlier tests' mailboxes have theirs), held by one worker.
      expect((await redis().keys("leadpipe:mailbox-lease:*")).filter((key) => key === leaseKey)).toHaveLength(1);
      expect(await redis().get(leaseKey)).toEqual(expect.any(String));
      expect(dovecot.sessions("duo")).toBe(1); // both workers scan every second: a second reader would show here
    };

    await eventually(async () => dovecot.sessions("duo") === 1, { timeoutMs: 30_000 }).catch(explain);
    // The holder keeps its lease while it lives: a worker that took the mailbox without it would
    // write its own name over the holder's at its next scan (every second here), and the two would
    // keep taking the mailbox from each other.
    const holder = await redis().get(leaseKey);
    const first = leads.slice(0, 3);
    await dovecot.appendMany(
      "duo",
      first.map((lead, i) => replyMessage(lead, `First batch, reply ${i}.`)),
    );
    await eventually(() => repliesTo(first), { timeoutMs: 30_000 }).catch(explain);
    await onlyOneReader();
    expect(await redis().get(leaseKey)).toBe(holder);

    // The first worker stops (it releases the lease if it held it): the other reads the mailbox from
    // the cursor on, once.
    workers[0].worker.child.kill("SIGTERM");
    expect((await workers[0].worker.exited).code).toBe(0);
    await eventually(async () => dovecot.sessions("duo") === 1 && (await redis().get(leaseKey)) !== null, { timeoutMs: 30_000 }).catch(explain);
    const rest = leads.slice(3);
    await dovecot.appendMany(
      "duo",
      rest.map((lead, i) => replyMessage(lead, `Second batch, reply ${i}.`)),
    );
    await eventually(() => repliesTo(rest), { timeoutMs: 30_000 }).catch(explain);
    await onlyOneReader();

    const replies = await db().reply.findMany({ where: { workspaceId } });
    expect(replies.map((reply) => reply.draftId).sort()).toEqual(leads.map((lead) => lead.draftId).sort()); // each once
    expect(await db().inboundMessage.count({ where: { workspaceId } })).toBe(6);
    await eventually(async () => (await db().event.count({ where: { workspaceId, type: "reply.received" } })) >= 6);
    expect(await db().event.count({ where: { workspaceId, type: "reply.received" } })).toBe(6);
    const cursor = await db().mailboxCursor.findFirstOrThrow({ where: { workspaceId, folder: "INBOX" } });
    expect(Number(cursor.lastUid)).toBe(6);
    workers[1].worker.child.kill("SIGKILL");
  }, 240_000);
});
