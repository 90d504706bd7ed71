import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { putRelay } from "@/lib/relay/relay-settings";
import { sendDraft } from "@/lib/sending/send-draft";
import { applyReplyStopRules } from "@/lib/sequences/stop-rules";
import { stopLeadOutreach } from "@/lib/replies/inbox";
import { suppress } from "@/lib/suppressions/suppressions";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { approvedFollowUp } from "../helpers/draft-fixtures";
import { startSmtpSink } from "../helpers/smtp-sink";

// The last-moment hold (lib/sequences/send-hold.ts) against PostgreSQL and a real SMTP server: an
// approved follow-up is not sent while its lead has a reply that the track stage has not classified
// yet (its send is queued again), nor once that reply ends the sequence, nor while an out-of-office
// pauses it; with no reply it goes out once. A suppression (the inbox's Stop outreach, the
// suppression list) ends the lead's sequence (`unsubscribed`) and its follow-up is never sent.

const actor = { type: "system" as const, id: "tests", name: "tests" };
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let workspaceId = "";

const mailsFor = (draftId: string) => smtp.mails.filter((mail) => mail.headers.get("x-leadpipe-draft") === draftId);

/** A reply to the lead's first email, received now and not classified yet (what the mailbox scan records). */
async function replyReceived(lead: { leadId: string; firstDraftId: string }, email: string): Promise<string> {
  const reply = await db().reply.create({
    data: {
      id: newId("rpl"),
      workspaceId,
      leadId: lead.leadId,
      draftId: lead.firstDraftId,
      fromEmail: email,
      text: "Thanks, tell me more.",
      receivedAt: new Date(),
    },
  });
  return reply.id;
}

/** What the track stage records for a reply, in one transaction with its stop rule (lib/replies/track-reply.ts). */
async function classify(replyId: string, runLeadId: string, classification: string, returnDate?: string) {
  await db().$transaction(async (tx) => {
    await tx.reply.update({ where: { id: replyId }, data: { classification, confidence: 0.9, classifiedAt: new Date() } });
    await applyReplyStopRules(tx, [{ runLeadId, classification, returnDate }]);
  });
}

const queuedSends = async (draftId: string) => (await queue("send").getJobs(["delayed", "waiting"], 0, -1)).filter((job) => job?.data.draftId === draftId);

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  smtp = await startSmtpSink();
  workspaceId = (await ensureWorkspace({ slug: "hold", name: "Hold" })).id;
  await putRelay(workspaceId, { host: "127.0.0.1", port: smtp.port, secure: false, from_email: "sam@hold.example", from_name: "Sam" }, actor);
});

afterAll(async () => {
  await smtp?.close();
  await closeQueues();
});

describe("the last-moment hold of a follow-up", () => {
  it("a reply received but not classified holds the follow-up and queues its send again; classified interested, the follow-up is canceled and never sent", async () => {
    const email = "ada@hold.example";
    const lead = await approvedFollowUp(workspaceId, email);
    const replyId = await replyReceived(lead, email);

    expect(await sendDraft(lead.followUpId)).toBe("skipped");
    expect(mailsFor(lead.followUpId)).toHaveLength(0);
    expect(await db().send.findUnique({ where: { draftId: lead.followUpId } })).toBeNull();
    expect((await db().draft.findUniqueOrThrow({ where: { id: lead.followUpId } })).status).toBe("approved");
    const requeued = await queuedSends(lead.followUpId);
    expect(requeued).toHaveLength(1);
    expect(requeued[0].id).toContain("reply-"); // the recheck (send-draft.ts REPLY_PENDING_RECHECK_MS)

    // The track stage classifies it: the sequence ends (replied) and the follow-up is canceled.
    await classify(replyId, lead.runLeadId, "interested");
    expect(await db().runLead.findUniqueOrThrow({ where: { id: lead.runLeadId } })).toMatchObject({
      sequenceStatus: "finished",
      sequenceEndedReason: "replied",
      state: "done",
    });
    expect((await db().draft.findUniqueOrThrow({ where: { id: lead.followUpId } })).status).toBe("canceled");

    // The queued recheck (and any other attempt) finds nothing to send.
    expect(await sendDraft(lead.followUpId)).toBe("skipped");
    expect(mailsFor(lead.followUpId)).toHaveLength(0);
    expect(await db().send.findUnique({ where: { draftId: lead.followUpId } })).toBeNull();
  });

  it("an out-of-office with a return date landing on an approved follow-up pauses the sequence and holds it", async () => {
    const email = "grace@hold.example";
    const lead = await approvedFollowUp(workspaceId, email);
    const replyId = await replyReceived(lead, email);
    const returnDate = `${new Date().getUTCFullYear() + 1}-01-05`;
    await classify(replyId, lead.runLeadId, "out_of_office", returnDate);
    const paused = await db().runLead.findUniqueOrThrow({ where: { id: lead.runLeadId } });
    expect(paused.sequenceStatus).toBe("paused");
    expect(paused.nextAt!.getTime()).toBeGreaterThan(Date.now());

    expect(await sendDraft(lead.followUpId)).toBe("skipped");
    expect(mailsFor(lead.followUpId)).toHaveLength(0);
    expect(await db().send.findUnique({ where: { draftId: lead.followUpId } })).toBeNull();
    // Held, not canceled: the scheduler queues it when the pause ends.
    expect((await db().draft.findUniqueOrThrow({ where: { id: lead.followUpId } })).status).toBe("approved");
  });

  it("a follow-up of a lead with no reply goes out once, in the lead's thread", async () => {
    const email = "linus@hold.example";
    const lead = await approvedFollowUp(workspaceId, email);
    expect(await sendDraft(lead.followUpId)).toBe("sent");
    expect(await sendDraft(lead.followUpId)).toBe("skipped");
    expect(mailsFor(lead.followUpId)).toHaveLength(1);
    const first = await db().send.findUniqueOrThrow({ where: { draftId: lead.firstDraftId } });
    expect(mailsFor(lead.followUpId)[0].headers.get("in-reply-to")).toBe(first.messageId);
    expect(await db().send.findUniqueOrThrow({ where: { draftId: lead.followUpId } })).toMatchObject({ status: "sent", attempts: 1 });
    expect((await db().draft.findUniqueOrThrow({ where: { id: lead.followUpId } })).status).toBe("sent");
  });
});

describe("a suppression ends the lead's sequence", () => {
  const ended = (runLeadId: string) =>
    db().runLead.findUniqueOrThrow({ where: { id: runLeadId }, select: { sequenceStatus: true, sequenceEndedReason: true, nextAt: true, state: true } });
  const endedEvents = (leadId: string) =>
    db().event.findMany({ where: { workspaceId, type: "lead.sequence_ended", data: { path: ["lead_id"], equals: leadId } } });

  it("Stop outreach from the inbox: the sequence ends unsubscribed, the approved follow-up is canceled and never sent", async () => {
    const email = "edsger@hold.example";
    const lead = await approvedFollowUp(workspaceId, email);
    // An out-of-office without a return date: the sequence goes on (the follow-up would be sent).
    const replyId = await replyReceived(lead, email);
    await classify(replyId, lead.runLeadId, "out_of_office");
    expect((await ended(lead.runLeadId)).sequenceStatus).toBe("active");

    await stopLeadOutreach(workspaceId, replyId, "asked us to stop", actor);
    expect(await ended(lead.runLeadId)).toMatchObject({ sequenceStatus: "finished", sequenceEndedReason: "unsubscribed", nextAt: null, state: "done" });
    expect((await db().draft.findUniqueOrThrow({ where: { id: lead.followUpId } })).status).toBe("canceled");
    const events = await endedEvents(lead.leadId);
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({ reason: "unsubscribed", run_id: lead.runId });

    expect(await sendDraft(lead.followUpId)).toBe("skipped");
    expect(mailsFor(lead.followUpId)).toHaveLength(0);
    expect(await db().send.findUnique({ where: { draftId: lead.followUpId } })).toBeNull();
  });

  it("an address added to the suppression list (any case): same end; a bounce ends it bounced", async () => {
    const lead = await approvedFollowUp(workspaceId, "barbara@hold.example");
    await suppress({ workspaceId, email: " Barbara@Hold.Example ", reason: "asked by phone", source: "manual", actor });
    expect(await ended(lead.runLeadId)).toMatchObject({ sequenceStatus: "finished", sequenceEndedReason: "unsubscribed" });
    expect((await db().draft.findUniqueOrThrow({ where: { id: lead.followUpId } })).status).toBe("canceled");
    expect(await sendDraft(lead.followUpId)).toBe("skipped");
    expect(mailsFor(lead.followUpId)).toHaveLength(0);

    const bounced = await approvedFollowUp(workspaceId, "alan@hold.example");
    await suppress({ workspaceId, email: "alan@hold.example", reason: "550 5.1.1 user unknown", source: "bounce" });
    expect(await ended(bounced.runLeadId)).toMatchObject({ sequenceStatus: "finished", sequenceEndedReason: "bounced" });
    expect((await db().draft.findUniqueOrThrow({ where: { id: bounced.followUpId } })).status).toBe("canceled");
    expect(await sendDraft(bounced.followUpId)).toBe("skipped");
    expect(mailsFor(bounced.followUpId)).toHaveLength(0);
  });
});
