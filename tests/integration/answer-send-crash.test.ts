import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { writeAnswerDraft } from "@/lib/replies/answer-reply";
import { createReply } from "@/lib/replies/replies";
import { resolveSend } from "@/lib/sending/resolve-send";
import { sendDraft } from "@/lib/sending/send-draft";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { sentWorkspace } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Issue 37, "Done when": a crash between the relay's acceptance and our commit on an ANSWER's send
// (kind reply, in the reply's thread) gives a send in doubt, never two mails. A real worker process
// SIGKILLs itself at `send.after-relay-accepted` (lib/sending/crash-point.ts) while sending an
// approved answer to a real SMTP server; the next attempts find it in doubt and send nothing; the
// reply is not marked handled and nothing says it was sent until a reviewer records it, which
// marks the reply handled and reports send.completed with kind reply, still one mail.

const actor = { type: "system" as const, id: "tests", name: "tests" };
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let worker: Spawned | undefined;

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await Promise.all(["send", "track", "answer"].map((name) => queue(name as "send").obliterate({ force: true })));
  smtp = await startSmtpSink();
}, 60_000);

afterAll(async () => {
  if (worker && worker.child.exitCode === null && worker.child.signalCode === null) {
    worker.child.kill("SIGKILL");
    await worker.exited;
  }
  await smtp?.close();
  await closeQueues();
});

describe("an answer's send killed between the relay's acceptance and the commit", () => {
  it("is in doubt, never sent twice, the reply handled only once it is resolved", async () => {
    const {
      workspaceId,
      leads: [lead],
    } = await sentWorkspace("answercrash", 1);
    await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@answercrash.example", from_name: "Sam" }, actor);
    const reply = await createReply(workspaceId, {
      draft_id: lead.draftId,
      message_id: "<interested-1@lead.answercrash.example>",
      from: lead.email,
      subject: "Re: Quick question",
      text: "Yes, this sounds interesting. Tell me more.",
      received_at: new Date().toISOString(),
    });
    const written = await writeAnswerDraft(reply.id, { force: true });
    const answerId = written!.draftId;
    const reviewerId = (await db().user.create({ data: { id: newId("usr"), email: "rev@answercrash.example", name: "Rev", passwordHash: "x" } })).id;

    const port = await freePort();
    worker = spawnWorker({ WORKER_PORT: String(port), LEADPIPE_CRASH_AT: "send.after-relay-accepted", MAILBOX_POLL_SECONDS: "300" });
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
    await approveDraft(workspaceId, answerId, {}, { userId: reviewerId, actor });
    expect((await worker.exited).signal).toBe("SIGKILL");

    // The relay took it once, in the reply's thread; our side never committed.
    const mailsOfAnswer = () => smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === answerId);
    expect(mailsOfAnswer()).toHaveLength(1);
    expect(mailsOfAnswer()[0].headers.get("in-reply-to")).toBe("<interested-1@lead.answercrash.example>");
    expect(mailsOfAnswer()[0].headers.get("subject")).toBe("Re: Quick question");
    const send = await db().send.findUniqueOrThrow({ where: { draftId: answerId } });
    expect(send.status).toBe("committing");

    // The next attempts (BullMQ's retry, the resume sweep) cannot know whether it went: in doubt, nothing sent.
    expect(await sendDraft(answerId)).toBe("in_doubt");
    expect(await sendDraft(answerId)).toBe("skipped");
    expect(mailsOfAnswer()).toHaveLength(1);
    expect(await db().send.findUniqueOrThrow({ where: { draftId: answerId } })).toMatchObject({
      status: "in_doubt",
      messageId: send.messageId,
      acceptedAt: null,
    });
    expect((await db().draft.findUniqueOrThrow({ where: { id: answerId } })).status).toBe("approved");
    expect((await db().reply.findUniqueOrThrow({ where: { id: reply.id } })).handledAt).toBeNull();
    const completed = () => db().event.findMany({ where: { workspaceId, type: "send.completed", data: { path: ["draft_id"], equals: answerId } } });
    expect(await completed()).toHaveLength(0);

    // A reviewer who sees it arrived records it: sent (unconfirmed), the reply handled, one send.completed of kind reply.
    await resolveSend(workspaceId, send.id, { outcome: "sent" }, actor);
    expect(await db().send.findUniqueOrThrow({ where: { draftId: answerId } })).toMatchObject({ status: "sent", confirmed: false, messageId: send.messageId });
    expect((await db().draft.findUniqueOrThrow({ where: { id: answerId } })).status).toBe("sent");
    expect((await db().reply.findUniqueOrThrow({ where: { id: reply.id } })).handledAt).toBeInstanceOf(Date);
    const events = await completed();
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ kind: "reply", step: null });
    expect(await sendDraft(answerId)).toBe("skipped");
    expect(mailsOfAnswer()).toHaveLength(1);
  }, 180_000);
});
