import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { resolveSend } from "@/lib/sending/resolve-send";
import { sendDraft } from "@/lib/sending/send-draft";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Exactly-once sending against a real SMTP server and real worker processes killed at the two
// points that matter (lib/sending/crash-point.ts): after the relay accepted the message but before
// our commit (the send is then in doubt: tests/integration/send-in-doubt.test.ts), and before the
// end of the message (the next ordinary attempt, what BullMQ's retry or the resume sweep runs,
// sends it). One mail per draft either way.

const actor = { type: "system" as const, id: "tests", name: "tests" };
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let workspaceId = "";
let reviewerId = "";
const workers: Spawned[] = [];

async function startWorker(crashAt?: string): Promise<Spawned> {
  const port = await freePort();
  const worker = spawnWorker({ WORKER_PORT: String(port), LEADPIPE_CRASH_AT: crashAt });
  workers.push(worker);
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
  return worker;
}

const mailsFor = (draftId: string) => smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === draftId);

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  smtp = await startSmtpSink();
  workspaceId = (await ensureWorkspace({ slug: "once", name: "Once" })).id;
  await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@once.example", from_name: "Sam" }, actor);
  reviewerId = (await db().user.create({ data: { id: newId("usr"), email: "rev@once.example", name: "Rev", passwordHash: "x" } })).id;
});

afterAll(async () => {
  for (const worker of workers) worker.child.kill("SIGKILL");
  await smtp?.close();
  await closeQueues();
});

describe("sending exactly once", () => {
  it("a worker killed between the relay's acceptance and the commit: in doubt, never sent again, never reported sent until resolved", async () => {
    const {
      runId,
      draftIds: [draftId],
    } = await draftsAwaitingReview(workspaceId, ["ada@once.example"]);
    const worker = await startWorker("send.after-relay-accepted");
    await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });
    expect((await worker.exited).signal).toBe("SIGKILL");
    expect(mailsFor(draftId)).toHaveLength(1);
    const send = await db().send.findUniqueOrThrow({ where: { draftId } });
    expect(send.status).toBe("committing");

    // The next attempt cannot tell this crash from one before the relay read the end of the message.
    expect(await sendDraft(draftId)).toBe("in_doubt");
    expect(await sendDraft(draftId)).toBe("skipped");
    expect(mailsFor(draftId)).toHaveLength(1);
    expect(await db().send.findUniqueOrThrow({ where: { draftId } })).toMatchObject({ status: "in_doubt", messageId: send.messageId });
    expect((await db().runLead.findFirstOrThrow({ where: { runId } })).state).toBe("running");
    expect(await db().event.count({ where: { workspaceId, type: "send.completed", data: { path: ["draft_id"], equals: draftId } } })).toBe(0);

    // A reviewer who sees it arrived records it (tests/integration/send-in-doubt.test.ts covers the rest).
    await resolveSend(workspaceId, send.id, { outcome: "sent" }, actor);
    expect(mailsFor(draftId)).toHaveLength(1);
    expect(mailsFor(draftId)[0].headers.get("message-id")).toBe(send.messageId);
    expect(await db().send.findUniqueOrThrow({ where: { draftId } })).toMatchObject({ status: "sent", confirmed: false, messageId: send.messageId });
    expect((await db().runLead.findFirstOrThrow({ where: { runId } })).state).toBe("done");
    expect(await db().event.count({ where: { workspaceId, type: "send.completed", data: { path: ["draft_id"], equals: draftId } } })).toBe(1);
  }, 60_000);

  it("a worker killed before the end of the message: the relay kept nothing, the next attempt sends once", async () => {
    const {
      runId,
      draftIds: [draftId],
    } = await draftsAwaitingReview(workspaceId, ["grace@once.example"]);
    const worker = await startWorker("send.before-end-of-message");
    await approveDraft(workspaceId, draftId, {}, { userId: reviewerId, actor });
    expect((await worker.exited).signal).toBe("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the sink see the connection drop
    expect(mailsFor(draftId)).toHaveLength(0);
    expect((await db().send.findUniqueOrThrow({ where: { draftId } })).status).toBe("sending");

    expect(await sendDraft(draftId)).toBe("sent");
    expect(mailsFor(draftId)).toHaveLength(1);
    expect(await db().send.findUniqueOrThrow({ where: { draftId } })).toMatchObject({ status: "sent", confirmed: true, attempts: 2 });
    expect((await db().runLead.findFirstOrThrow({ where: { runId } })).state).toBe("done");
  }, 60_000);

  it("many attempts at once on the same drafts: one mail each", async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `lead${i}@once.example`);
    const { draftIds } = await draftsAwaitingReview(workspaceId, emails);
    for (const id of draftIds) await db().draft.update({ where: { id }, data: { status: "approved" } });
    await db().runLead.updateMany({ where: { drafts: { some: { id: { in: draftIds } } } }, data: { state: "running" } });
    const outcomes = await Promise.all(draftIds.flatMap((id) => Array.from({ length: 4 }, () => sendDraft(id))));
    expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(draftIds.length);
    for (const id of draftIds) expect(mailsFor(id)).toHaveLength(1);
    for (const id of draftIds) expect(mailsFor(id)[0].headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  }, 60_000);
});
