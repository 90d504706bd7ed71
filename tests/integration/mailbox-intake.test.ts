import { ImapFlow } from "imapflow";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { putMailbox } from "@/lib/mailbox/mailbox-settings";
import { readFolder } from "@/lib/mailbox/read-folder";
import { closeQueues, queue } from "@/lib/queues";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { dsnMessage, eximBounceMessage, pointMailboxAt, replyMessage, sentWorkspace } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// The intake loop against a real IMAP server (a private dovecot): replies dropped into the mailbox
// become reply.received events with the right lead and draft, a DSN suppresses the address, and a
// worker killed mid-stream loses and duplicates nothing.

let dovecot: Dovecot;
let worker: Spawned | undefined;
const spawned: Spawned[] = []; // every worker started, so none outlives the file (even one a timeout abandoned)

async function startWorker() {
  const port = await freePort();
  // A long poll interval: new mail within seconds can only come from IDLE.
  const started = spawnWorker({ WORKER_PORT: String(port), MAILBOX_POLL_SECONDS: "300" });
  spawned.push(started);
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 }).catch((error: Error) => {
    started.child.kill("SIGKILL");
    throw new Error(`${error.message}\nworker output:\n${started.output().slice(-3000)}`);
  });
  return started;
}

async function stopWorker(signal: NodeJS.Signals = "SIGTERM") {
  if (!worker) return;
  worker.child.kill(signal);
  await worker.exited;
  worker = undefined;
}

/** What the worker got to, for a failure's message. */
async function explain(workspaceId: string) {
  const [inbound, replies, classified, events, status] = await Promise.all([
    db().inboundMessage.count({ where: { workspaceId } }),
    db().reply.count({ where: { workspaceId } }),
    db().reply.count({ where: { workspaceId, classifiedAt: { not: null } } }),
    db().event.count({ where: { workspaceId, type: "reply.received" } }),
    db().mailboxStatus.findUnique({ where: { workspaceId } }),
  ]);
  return `inbound ${inbound}, replies ${replies}, classified ${classified}, events ${events}, status ${JSON.stringify(status)}\nworker output:\n${worker?.output().slice(-3000) ?? "(none)"}`;
}
const withContext = (workspaceId: string) => async (error: Error) => {
  throw new Error(`${error.message}\n${await explain(workspaceId)}`);
};

const replyEvents = async (workspaceId: string) =>
  (await db().event.findMany({ where: { workspaceId, type: "reply.received" }, orderBy: { id: "asc" } })).map((event) => event.data as Record<string, unknown>);

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("track").obliterate({ force: true });
  dovecot = await startDovecot(["replies", "stream"]);
}, 60_000);

afterAll(async () => {
  await stopWorker("SIGKILL");
  for (const started of spawned) if (started.child.exitCode === null) started.child.kill("SIGKILL");
  await dovecot?.stop();
  await closeQueues();
});

describe("mailbox intake (dovecot)", () => {
  it("turns replies dropped into the mailbox into reply.received events within 5 s, with the right lead and draft", async () => {
    const { workspaceId, runId, leads } = await sentWorkspace("intake-replies", 6);
    await pointMailboxAt(workspaceId, dovecot, "replies");
    worker = await startWorker();
    await eventually(async () => (await db().mailboxStatus.findUnique({ where: { workspaceId } }))?.lastCheckedAt, { timeoutMs: 15_000 });

    await dovecot.append("replies", replyMessage(leads[0], "Sounds interesting, tell me more about pricing for a team of 20."));
    await dovecot.append(
      "replies",
      replyMessage(
        leads[1],
        "Please don't email me again.\n\nOn Mon, 2 Mar 2026 at 10:00, Sam <sam@sender.example> wrote:\n> Are you interested in a demo?",
        "references",
      ),
    );
    await dovecot.append(
      "replies",
      replyMessage(leads[2], "I am out of the office until 14 March with limited access to email.", "none", "Automatic reply: Quick question"),
    );
    const stranger = { ...leads[3], email: "stranger@nowhere.example", messageId: "<unknown@nowhere.example>" };
    await dovecot.append("replies", replyMessage(stranger, "Hello, who is this?"));

    const events = await eventually(
      async () => {
        const found = await replyEvents(workspaceId);
        return found.length >= 3 ? found : null;
      },
      { timeoutMs: 5_000, everyMs: 100 },
    ).catch(withContext(workspaceId));
    const byDraft = new Map(events.map((event) => [event.draft_id, event]));
    expect(byDraft.get(leads[0].draftId)).toMatchObject({ lead_id: leads[0].leadId, run_id: runId, classification: "interested" });
    expect(byDraft.get(leads[1].draftId)).toMatchObject({ lead_id: leads[1].leadId, classification: "unsubscribe" });
    expect(byDraft.get(leads[2].draftId)).toMatchObject({ lead_id: leads[2].leadId, classification: "out_of_office" });

    const inbound = await eventually(
      async () => {
        const rows = await db().inboundMessage.findMany({ where: { workspaceId }, orderBy: { uid: "asc" } });
        return rows.length === 4 ? rows : null;
      },
      { timeoutMs: 5_000, everyMs: 100 },
    );
    expect(inbound.map((message) => [message.kind, message.matchedBy])).toEqual([
      ["reply", "in_reply_to"],
      ["reply", "references"],
      ["reply", "address"],
      ["unmatched", null],
    ]);
    expect(Buffer.from(inbound[3].raw).toString("utf8")).toContain("Hello, who is this?"); // kept raw, never lost
    const stripped = await db().reply.findFirstOrThrow({ where: { draftId: leads[1].draftId } });
    expect(stripped.text).toBe("Please don't email me again.");
    expect(await db().suppression.findFirst({ where: { workspaceId, emailLower: leads[1].email } })).toMatchObject({
      source: "reply",
      reason: "Reply classified unsubscribe",
    });
  }, 240_000);

  it("keeps the session when the same settings are saved again, and restarts it when they change", async () => {
    const workspace = await db().workspace.findUniqueOrThrow({ where: { slug: "intake-replies" } });
    const statusNow = () => db().mailboxStatus.findUniqueOrThrow({ where: { workspaceId: workspace.id } });
    const before = await statusNow();
    expect(before.state).toBe("idle");
    const actor = { type: "system" as const, id: "test", name: "test" };
    const { password } = dovecot.user("replies");
    // The same settings, the password sealed afresh: nothing the session connects with changed.
    await putMailbox(workspace.id, { host: dovecot.host, port: dovecot.port, secure: false, username: "replies", password, folders: ["INBOX"] }, actor);
    await new Promise((resolve) => setTimeout(resolve, 7_000)); // longer than the loop's 5 s scan
    expect((await statusNow()).changedAt).toEqual(before.changedAt);
    // A second folder: the session restarts and reads both.
    await dovecot.appendMany("replies", [], "Archive");
    await putMailbox(workspace.id, { host: dovecot.host, port: dovecot.port, secure: false, username: "replies", folders: ["INBOX", "Archive"] }, actor);
    await eventually(async () => (await statusNow()).changedAt.getTime() > before.changedAt.getTime(), { timeoutMs: 10_000, everyMs: 100 });
    await eventually(async () => (await statusNow()).state === "idle", { timeoutMs: 10_000, everyMs: 100 });
    expect(await db().mailboxCursor.findUnique({ where: { workspaceId_folder: { workspaceId: workspace.id, folder: "Archive" } } })).toBeNull(); // empty: nothing to move past
  }, 60_000);

  it("suppresses the address of a hard bounce (a DSN or a plain-text notice) and ends the lead bounced; records a soft bounce only", async () => {
    const { workspaceId, leads } = await sentWorkspace("intake-replies", 0).then(async () => {
      const lead = await db().lead.findMany({ where: { workspace: { slug: "intake-replies" } }, orderBy: { id: "asc" } });
      const sends = await db().send.findMany({ where: { draft: { leadId: { in: lead.map((l) => l.id) } } }, include: { draft: true } });
      return {
        workspaceId: lead[0].workspaceId,
        leads: lead.map((l) => {
          const send = sends.find((s) => s.draft.leadId === l.id)!;
          return { leadId: l.id, email: l.email, draftId: send.draftId, runId: send.draft.runId, messageId: send.messageId };
        }),
      };
    });
    await dovecot.append("replies", dsnMessage(leads[4], "hard"));
    await dovecot.append("replies", dsnMessage(leads[5], "soft"));
    await dovecot.append("replies", eximBounceMessage(leads[3])); // lead 3 got no mail in the first test
    const bounces = await eventually(
      async () => {
        const rows = await db().bounce.findMany({ where: { workspaceId }, orderBy: { emailLower: "asc" } });
        return rows.length >= 3 ? rows : null;
      },
      { timeoutMs: 5_000, everyMs: 100 },
    ).catch(withContext(workspaceId));
    expect(bounces.map((bounce) => [bounce.emailLower, bounce.kind, bounce.status])).toEqual([
      [leads[3].email, "hard", "5.1.1"],
      [leads[4].email, "hard", "5.1.1"],
      [leads[5].email, "soft", "4.4.7"],
    ]);
    expect(bounces[0].draftId).toBe(leads[3].draftId); // by the Message-ID quoted in the notice
    expect(bounces[1].draftId).toBe(leads[4].draftId);
    expect(await db().suppression.findFirst({ where: { workspaceId, emailLower: leads[3].email } })).toMatchObject({
      source: "bounce",
      reason: expect.stringMatching(/^Hard bounce 5\.1\.1: .*User unknown/),
    });
    expect((await db().lead.findUniqueOrThrow({ where: { id: leads[3].leadId } })).status).toBe("bounced");
    expect(await db().inboundMessage.findFirstOrThrow({ where: { workspaceId, subject: "Mail delivery failed: returning message to sender" } })).toMatchObject({
      kind: "bounce",
      matchedBy: "dsn",
    });
    expect(await db().suppression.findFirst({ where: { workspaceId, emailLower: leads[4].email } })).toMatchObject({
      source: "bounce",
      reason: "Hard bounce 5.1.1: smtp; 550 5.1.1 user unknown",
    });
    expect(await db().suppression.findFirst({ where: { workspaceId, emailLower: leads[5].email } })).toBeNull();
    expect((await db().lead.findUniqueOrThrow({ where: { id: leads[4].leadId } })).status).toBe("bounced");
    expect((await db().lead.findUniqueOrThrow({ where: { id: leads[5].leadId } })).status).toBe("sent");
    const audit = await db().auditEntry.findFirst({ where: { workspaceId, action: "suppression.added", targetId: leads[4].email } });
    expect(audit?.actorType).toBe("system");
    await stopWorker();
  }, 60_000);

  it("loses and duplicates nothing when the worker is killed mid-stream and started again", async () => {
    const count = 400;
    const { workspaceId, leads } = await sentWorkspace("intake-stream", count);
    await dovecot.appendMany(
      "stream",
      leads.map((lead, i) => replyMessage(lead, i % 2 ? "No thanks, we're all set." : "Tell me more, sounds interesting.")),
    );
    await pointMailboxAt(workspaceId, dovecot, "stream");
    worker = await startWorker();
    await eventually(async () => (await db().inboundMessage.count({ where: { workspaceId } })) > 0, { timeoutMs: 20_000, everyMs: 20 });
    await stopWorker("SIGKILL");
    const before = await db().inboundMessage.count({ where: { workspaceId } });
    expect(before).toBeLessThan(count); // killed mid-stream
    worker = await startWorker();
    await eventually(async () => (await replyEvents(workspaceId)).length >= count, { timeoutMs: 180_000, everyMs: 250 });
    await new Promise((resolve) => setTimeout(resolve, 1_500)); // anything duplicated would show by now
    expect(await db().inboundMessage.count({ where: { workspaceId } })).toBe(count);
    const replies = await db().reply.findMany({ where: { workspaceId }, select: { draftId: true, classification: true } });
    expect(replies).toHaveLength(count);
    expect(new Set(replies.map((reply) => reply.draftId)).size).toBe(count);
    const events = await replyEvents(workspaceId);
    expect(events).toHaveLength(count);
    expect(new Set(events.map((event) => event.draft_id)).size).toBe(count);
    const cursor = await db().mailboxCursor.findUniqueOrThrow({ where: { workspaceId_folder: { workspaceId, folder: "INBOX" } } });
    expect(Number(cursor.lastUid)).toBe(count);
  }, 420_000);

  it("reads a renumbered folder (new UIDVALIDITY) again from the start, storing only what is new", async () => {
    const { workspaceId, leads } = await sentWorkspace("intake-renumbered", 4);
    const raws = leads.map((lead) => replyMessage(lead, "Tell me more."));
    await dovecot.appendMany("replies", raws.slice(0, 3), "Renumbered");
    const client = new ImapFlow({
      host: dovecot.host,
      port: dovecot.port,
      secure: false,
      auth: { user: "replies", pass: dovecot.user("replies").password },
      logger: false,
      disableAutoIdle: true,
    });
    client.on("error", () => undefined);
    await client.connect();
    try {
      expect(await readFolder(client, workspaceId, "Renumbered")).toBe(3);
      expect(await readFolder(client, workspaceId, "Renumbered")).toBe(0); // nothing above the cursor
      const before = await db().mailboxCursor.findUniqueOrThrow({ where: { workspaceId_folder: { workspaceId, folder: "Renumbered" } } });
      // The folder is deleted and made again (the server gives it a new UIDVALIDITY), holding the
      // same three messages and a fourth.
      await client.mailboxDelete("Renumbered");
      await dovecot.appendMany("replies", raws, "Renumbered");
      expect(await readFolder(client, workspaceId, "Renumbered")).toBe(4); // all read again...
      const after = await db().mailboxCursor.findUniqueOrThrow({ where: { workspaceId_folder: { workspaceId, folder: "Renumbered" } } });
      expect(after.uidValidity).not.toBe(before.uidValidity);
      expect(Number(after.lastUid)).toBe(4);
    } finally {
      await client.logout().catch(() => client.close());
    }
    // ...but only the fourth is new: Message-IDs already stored are skipped.
    expect(await db().inboundMessage.count({ where: { workspaceId } })).toBe(4);
    expect(await db().reply.count({ where: { workspaceId } })).toBe(4);
  }, 60_000);
});
