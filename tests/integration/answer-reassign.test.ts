import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createCampaign } from "@/lib/campaigns/campaigns";
import { approveDraft } from "@/lib/drafts/review-draft";
import { newId } from "@/lib/ids";
import { closeQueues, queue } from "@/lib/queues";
import { writeAnswerDraft } from "@/lib/replies/answer-reply";
import { createSender } from "@/lib/senders/senders";
import { deleteSender, updateSender } from "@/lib/wiring/sender-changes";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { seed } from "@/prisma/seed/run-seed";
import { resetDatabase } from "../helpers/db";
import { draftsAwaitingReview } from "../helpers/draft-fixtures";

// Issue 37 and contract §13 "A draft is signed by the sender it goes out from", for answers: a
// lead whose sender is disabled or deleted moves to the campaign's other sender, and its answer
// drafts not yet sent (one awaiting review, one approved) are written again by the `reply` prompt
// for the new sender (signed by it, no longer by the old one), from the same reply, back in review
// (the approval lapsed), audited as rewritten. The run has ended (completed: every lead done, as a
// one-step run is once sent): a lead with an answer not yet sent moves all the same. No worker: the answers are written by calling the
// answer job's writer directly, as the sender-reassign tests call the send job's steps.

const actor = { type: "system" as const, id: "tests", name: "tests" };
const ANN = { name: "Ann Archer", title: "Head of Sales", signature: "Ann Archer · Demo Co" };
const BOB = { name: "Bob Baker", title: "Founder", signature: "Bob at Demo Co" };
let workspaceId = "";
let userId = "";

async function sender(email: string, who: typeof ANN) {
  return createSender(
    workspaceId,
    {
      from_email: email,
      from_name: who.name,
      title: who.title,
      signature: who.signature,
      relay: { host: "127.0.0.1", port: 2525, secure: false, username: null, password: null },
      mailbox: null,
      daily_cap: null,
      ramp: null,
      enabled: true,
    },
    actor,
  );
}

beforeAll(async () => {
  await resetDatabase();
  await seed();
  await queue("send").obliterate({ force: true });
  workspaceId = (await ensureWorkspace({ slug: "answer-reassign", name: "Answer reassign" })).id;
  userId = (await db().user.create({ data: { id: newId("usr"), email: "rev@answer-reassign.example", name: "Rev", passwordHash: "x" } })).id;
});

afterAll(async () => {
  await queue("send").obliterate({ force: true }); // the approval's send job: no worker ran it
  await closeQueues();
});

describe.each(["disabled", "deleted"] as const)("a %s sender's answers", (why) => {
  it("are written again by the reply prompt for the lead's new sender and go back to review", async () => {
    const ann = await sender(`ann-${why}@demo.example`, ANN);
    const bob = await sender(`bob-${why}@demo.example`, BOB);
    const campaign = await createCampaign(workspaceId, { name: `Answers ${why}`, pack: "saas-outbound", sender_ids: [ann.id, bob.id] }, { userId, actor });
    const emails = [`ada-${why}@engines.example`, `bea-${why}@engines.example`];
    const { runId, draftIds } = await draftsAwaitingReview(workspaceId, emails);
    await db().run.update({ where: { id: runId }, data: { campaignId: campaign.id, status: "completed" } });
    // Both leads were written to and sent From Ann; each replied with interest.
    const replyIds: string[] = [];
    for (const draftId of draftIds) {
      const draft = await db().draft.update({ where: { id: draftId }, data: { status: "sent", subject: "Engines and you" } });
      await db().runLead.update({ where: { id: draft.runLeadId }, data: { senderId: ann.id, state: "done" } });
      const messageId = `<${newId("snd")}@answer-reassign.example>`;
      await db().send.create({
        data: { id: newId("snd"), workspaceId, draftId, senderId: ann.id, messageId, status: "sent", attempts: 1, acceptedAt: new Date() },
      });
      const replyId = newId("rpl");
      const lead = await db().lead.findUniqueOrThrow({ where: { id: draft.leadId } });
      await db().reply.create({
        data: {
          id: replyId,
          workspaceId,
          leadId: draft.leadId,
          draftId,
          messageId: `<${replyId}@engines.example>`,
          inReplyTo: messageId,
          fromEmail: lead.email,
          subject: "Re: Engines and you",
          text: "This sounds interesting. Could we talk next week?",
          receivedAt: new Date(),
          classification: "interested",
          classifiedAt: new Date(),
        },
      });
      replyIds.push(replyId);
    }
    const answers: string[] = [];
    for (const replyId of replyIds) answers.push((await writeAnswerDraft(replyId))!.draftId);
    for (const id of answers) {
      const answer = await db().draft.findUniqueOrThrow({ where: { id } });
      expect(answer.body).toContain(ANN.name);
      expect(answer.body).not.toContain(BOB.name);
    }
    // One answer approved (its send job queued, no Send row yet), the other still in review.
    const [approved, waiting] = answers;
    await approveDraft(workspaceId, approved, {}, { userId, actor });
    const before = new Map((await db().draft.findMany({ where: { id: { in: answers } } })).map((d) => [d.id, d]));

    if (why === "deleted") await deleteSender(workspaceId, ann.id, actor);
    else await updateSender(workspaceId, ann.id, { enabled: false }, actor);

    for (const id of answers) {
      const draft = await db().draft.findUniqueOrThrow({ where: { id }, include: { runLead: true, send: true } });
      expect(draft.runLead.senderId).toBe(bob.id);
      expect(draft).toMatchObject({ kind: "reply", status: "awaiting_review", reviewerId: null, send: null, promptVersionId: before.get(id)!.promptVersionId });
      // Written again, for Bob: his name and signature, not Ann's; still an answer in the reply's thread.
      expect(draft.body).toContain(BOB.name);
      expect(draft.body).toContain(BOB.signature);
      expect(draft.body).not.toContain(ANN.name);
      expect(draft.subject).toBe("Re: Engines and you");
    }
    // An answer is no step: its run lead and lead stay where the reply left them.
    const runLead = await db().runLead.findFirstOrThrow({ where: { drafts: { some: { id: approved } } } });
    expect(runLead.state).toBe("done");
    expect((await db().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    const audits = await db().auditEntry.findMany({ where: { workspaceId, action: "draft.rewritten_for_sender", targetId: { in: answers } } });
    expect(audits.map((entry) => [entry.targetId, entry.data]).sort()).toEqual(
      [
        [approved, expect.objectContaining({ from_sender_id: ann.id, to_sender_id: bob.id, rewritten: true, approval_lapsed: true })],
        [waiting, expect.objectContaining({ from_sender_id: ann.id, to_sender_id: bob.id, rewritten: true, approval_lapsed: false })],
      ].sort(),
    );
  });
});
