import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { pointMailboxAt, replyMessage, sentWorkspace } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Answering replies end to end (issue 37, contract §13): an interested reply dropped into a private
// dovecot is read over IMAP by a worker, classified, and answered by the `reply` prompt as a draft
// (kind reply) signed by the lead's sender. Approved, the answer goes out through the lead's
// sender's relay (a real SMTP sink) in the reply's thread: In-Reply-To the reply's Message-ID,
// References our first email's and the reply's, subject "Re: " + the reply's. The reply is then
// handled and send.completed says kind reply.

let dovecot: Dovecot;
let worker: Spawned | undefined;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await Promise.all(["track", "answer", "send"].map((name) => queue(name as "track").obliterate({ force: true })));
  dovecot = await startDovecot(["answers"]);
  sink = await startSmtpSink();
}, 60_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null) {
    worker.child.kill("SIGTERM");
    await worker.exited;
  }
  await dovecot?.stop();
  await sink?.close();
  await closeQueues();
});

describe("answering a reply in its thread", () => {
  it("drafts an answer to an interested IMAP reply and sends it, approved, from the lead's sender in the thread", async () => {
    const { workspaceId, leads } = await sentWorkspace("answers", 1);
    const [lead] = leads;
    const sender = await db().sender.create({
      data: {
        id: newId("sdr"),
        workspaceId,
        fromEmail: "maya@answers.example",
        fromName: "Maya Chen",
        title: "Head of Partnerships",
        signature: "Acme Ledger",
        relayHost: "127.0.0.1",
        relayPort: sink.port,
        relaySecure: false,
        mailboxFolders: [],
      },
    });
    const draft = await db().draft.findUniqueOrThrow({ where: { id: lead.draftId } });
    await db().runLead.update({ where: { id: draft.runLeadId }, data: { senderId: sender.id } });
    await db().workspace.update({
      where: { id: workspaceId },
      data: { offer: { product: "Acme Ledger", call_to_action: "Pick a time that suits you: https://cal.example/maya" } },
    });
    await pointMailboxAt(workspaceId, dovecot, "answers");
    const raw = replyMessage(lead, "Yes, this sounds interesting. Tell me more.");
    const replyMessageId = /^Message-ID: (.+)$/m.exec(raw)![1].trim();
    await dovecot.append("answers", raw);

    const port = await freePort();
    worker = spawnWorker({ WORKER_PORT: String(port), MAILBOX_POLL_SECONDS: "300" });
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 90_000 });

    const answer = await eventually(async () => db().draft.findFirst({ where: { workspaceId, kind: "reply" }, include: { answering: true } }), {
      timeoutMs: 60_000,
      everyMs: 200,
    }).catch(async (error: Error) => {
      throw new Error(`${error.message}\nworker output:\n${worker?.output().slice(-3000)}`);
    });
    expect(answer.answering).toMatchObject({ classification: "interested", messageId: replyMessageId });
    expect(answer).toMatchObject({ status: "awaiting_review", subject: "Re: Quick question", runLeadId: draft.runLeadId });
    expect(answer.step).toBeLessThan(1);
    expect(answer.body).toContain("https://cal.example/maya");
    expect(answer.body).toMatch(/Best,\nMaya Chen\nHead of Partnerships\nAcme Ledger$/);
    const ready = await db().event.findFirstOrThrow({ where: { workspaceId, type: "draft.ready" } });
    expect(ready.data).toMatchObject({ draft_id: answer.id, kind: "reply", reply_id: answer.replyId, step: null, sender_id: sender.id });

    const user = await db().user.create({ data: { id: newId("usr"), email: "reviewer@answers.example", name: "Rae", passwordHash: "x" } });
    await approveDraft(workspaceId, answer.id, {}, { userId: user.id, actor: { type: "user", id: user.id, name: "Rae" } });

    const mail = await eventually(async () => sink.mails.find((m) => m.to.includes(lead.email)), { timeoutMs: 60_000, everyMs: 200 });
    expect(mail.from).toBe("maya@answers.example");
    expect(mail.headers.get("subject")).toBe("Re: Quick question");
    expect(mail.headers.get("in-reply-to")).toBe(replyMessageId);
    expect(mail.headers.get("references")?.split(/\s+/)).toEqual([lead.messageId, replyMessageId]);
    expect(mail.headers.get("from")).toContain("Maya Chen");

    const handled = await eventually(async () => {
      const reply = await db().reply.findUniqueOrThrow({ where: { id: answer.replyId! } });
      return reply.handledAt ? reply : null;
    });
    expect(handled.handledById).toBeNull();
    const completed = await eventually(async () => db().event.findFirst({ where: { workspaceId, type: "send.completed" } }));
    expect(completed.data).toMatchObject({ draft_id: answer.id, kind: "reply", step: null, sender_id: sender.id });
    // No sequence step: the lead and its run lead are where the reply left them, and it was sent once.
    expect(await db().runLead.findUniqueOrThrow({ where: { id: draft.runLeadId } })).toMatchObject({ state: "done" });
    expect((await db().lead.findUniqueOrThrow({ where: { id: lead.leadId } })).status).toBe("replied");
    expect(sink.mails.filter((m) => m.to.includes(lead.email))).toHaveLength(1);
  }, 180_000);
});
