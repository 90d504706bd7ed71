import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { createSender } from "@/lib/senders/senders";
import { deleteSender, updateSender } from "@/lib/wiring/sender-changes";
import type { Schedule } from "@/lib/senders/window";
import { sendDraft } from "@/lib/sending/send-draft";
import { sendWhenDue } from "@/lib/sending/send-job";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";
import { startSmtpSink } from "../helpers/smtp-sink";

// A sender deleted or disabled while it has scheduled sends (lib/wiring/sender-changes.ts): its sends
// not yet attempted are taken back, its leads follow to the campaign's other sender, their drafts
// go back to review (written for the new sender, contract §13), the move is audited with its
// counts, and once approved again each draft is sent once, through the new sender's relay only. No worker process: the send job's steps are called directly
// (sendWhenDue schedules each draft in a window hours away; sendDraft sends once its slot is moved
// to now).

const actor = { type: "system" as const, id: "tests", name: "tests" };
type Sink = Awaited<ReturnType<typeof startSmtpSink>>;
const sinks: Sink[] = [];
let workspaceId = "";
let userId = "";

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A daily 30-minute window six hours from now (UTC, not crossing midnight): nothing is due during the test. */
function laterWindow(): Schedule {
  const now = new Date();
  let start = (now.getUTCHours() * 60 + now.getUTCMinutes() + 360) % 1440;
  if (start > 1440 - 31) start = 60;
  return { time_zone: "UTC", days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], start: hhmm(start), end: hhmm(start + 30) };
}

async function sender(sink: Sink, email: string) {
  return createSender(
    workspaceId,
    {
      from_email: email,
      from_name: null,
      relay: { host: "127.0.0.1", port: sink.port, secure: false, username: null, password: null },
      mailbox: null,
      daily_cap: null,
      ramp: null,
      enabled: true,
    },
    actor,
  );
}

/** A campaign on two senders with `count` approved drafts scheduled in its later window. */
async function scheduledOnTwoSenders(tag: string, count: number) {
  const [sinkA, sinkB] = [await startSmtpSink(), await startSmtpSink()];
  sinks.push(sinkA, sinkB);
  const a = await sender(sinkA, `ann-${tag}@reassign.example`);
  const b = await sender(sinkB, `bob-${tag}@reassign.example`);
  const campaign = await createCampaign(
    workspaceId,
    { name: `Campaign ${tag}`, pack: "saas-outbound", sender_ids: [a.id, b.id], schedule: laterWindow() },
    { userId, actor },
  );
  const emails = Array.from({ length: count }, (_, i) => `lead${i}-${tag}@leads.example`);
  const { runId, draftIds } = await draftsAwaitingReview(workspaceId, emails);
  await db().run.update({ where: { id: runId }, data: { campaignId: campaign.id } });
  for (const draftId of draftIds) await approveDraft(workspaceId, draftId, {}, { userId, actor });
  // What the send job does first (lib/sending/send-job.ts): the draft gets its sender and slot.
  for (const draftId of draftIds) expect(await sendWhenDue(draftId)).toEqual({ outcome: "scheduled" });
  return { a, b, sinkA, sinkB, runId, draftIds };
}

/** Every draft's slot moved to now, then each sent by three attempts at once. */
async function sendAllNow(draftIds: string[]) {
  await db().send.updateMany({ where: { draftId: { in: draftIds } }, data: { scheduledFor: new Date(Date.now() - 1000) } });
  const outcomes = await Promise.all(draftIds.flatMap((draftId) => [sendDraft(draftId), sendDraft(draftId), sendDraft(draftId)]));
  return outcomes.filter((outcome) => outcome === "sent").length;
}

const mailsFor = (sink: Sink, draftId: string) => sink.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === draftId);

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  workspaceId = (await ensureWorkspace({ slug: "reassign", name: "Reassign" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@reassign.example", name: "Rev", passwordHash: "x" } })).id;
});

afterAll(async () => {
  await queue("send").obliterate({ force: true }); // the approvals' delayed jobs: no worker ran them
  for (const sink of sinks) await sink.close();
  await closeQueues();
});

describe.each(["deleted", "disabled"] as const)("a %s sender with scheduled sends", (why) => {
  it("its pending sends move to the campaign's other sender (audited), its leads follow, and each is sent once, through the new sender only", async () => {
    const { a, b, sinkA, sinkB, runId, draftIds } = await scheduledOnTwoSenders(why, 6);
    const before = await db().send.findMany({ where: { draftId: { in: draftIds } } });
    expect(before).toHaveLength(draftIds.length);
    expect(before.every((send) => send.status === "pending" && send.scheduledFor! > new Date())).toBe(true);
    const onA = before.filter((send) => send.senderId === a.id).map((send) => send.draftId);
    expect(onA.length).toBeGreaterThan(0); // the rotation gave Ann some of them
    expect(before.filter((send) => send.senderId === b.id).length).toBe(draftIds.length - onA.length);

    if (why === "deleted") await deleteSender(workspaceId, a.id, actor);
    else await updateSender(workspaceId, a.id, { enabled: false }, actor);

    // Bob's own sends stay as they were: same ids, Message-IDs and slots.
    const after = await db().send.findMany({ where: { draftId: { in: draftIds } } });
    expect(after).toHaveLength(draftIds.length - onA.length);
    for (const send of before.filter((row) => row.senderId === b.id))
      expect(after.find((row) => row.draftId === send.draftId)).toMatchObject({ id: send.id, messageId: send.messageId, scheduledFor: send.scheduledFor });
    // Ann's: their sends taken back and, since a draft goes out only From the sender it was written
    // for (contract §13), their approval lapsed: back in review, for Bob; none dropped.
    const annDrafts = await db().draft.findMany({ where: { id: { in: onA } } });
    expect(annDrafts.map((draft) => draft.status)).toEqual(onA.map(() => "awaiting_review"));
    const runLeads = await db().runLead.findMany({ where: { runId } });
    expect(runLeads.every((runLead) => runLead.senderId === b.id)).toBe(true);
    const audit = await db().auditEntry.findMany({ where: { workspaceId, action: "sender.sends_moved", targetId: a.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0].data).toMatchObject({ why, moved: onA.length, leads: onA.length, to: { [b.id]: onA.length }, approvals_lapsed: onA.length });

    // Approved again, they are scheduled on Bob; then each of the six goes out once, through Bob only.
    for (const draftId of onA) await approveDraft(workspaceId, draftId, {}, { userId, actor });
    for (const draftId of onA) expect(await sendWhenDue(draftId)).toEqual({ outcome: "scheduled" });
    expect((await db().send.findMany({ where: { draftId: { in: onA } } })).every((send) => send.senderId === b.id)).toBe(true);
    expect(await sendAllNow(draftIds)).toBe(draftIds.length);
    expect(sinkA.mails).toHaveLength(0);
    for (const draftId of draftIds) expect(mailsFor(sinkB, draftId)).toHaveLength(1);
    const sent = await db().send.findMany({ where: { draftId: { in: draftIds } } });
    expect(sent.every((send) => send.status === "sent" && send.senderId === b.id && send.attempts === 1)).toBe(true);
  });
});
