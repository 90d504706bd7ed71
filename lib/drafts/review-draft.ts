import { senderOfRunLead } from "@/lib/senders/assign";
import { publicStep } from "@/lib/lifecycle/draft-kind";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, NotFound } from "@/lib/errors";
import { writeEvents } from "@/lib/events/outbox";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { moveDraft } from "@/lib/lifecycle/draft";
import { moveLead } from "@/lib/lifecycle/lead";
import { settleRun } from "@/lib/lifecycle/run";
import { moveRunLead } from "@/lib/lifecycle/run-lead";
import { endSequences } from "@/lib/sequences/end-sequence";
import { DRAFT_STATUS, LEAD_STATUS, RUN_LEAD_STATE, SEQUENCE_END_REASON } from "@/lib/statuses";
import { enqueueSend } from "@/lib/sending/send-window";
import { reviewColumns, storedChecks } from "@/lib/review-checks/draft-checks";
import { recheckDraft } from "@/lib/drafts/recheck-draft";
import { decisionMs } from "@/lib/drafts/draft-reads";
import { PENDING_SPAM_SCORE, queueSpamScores } from "@/lib/spam/score-draft";

// A reviewer approves (optionally edited) or rejects a draft awaiting review. Approval sends it,
// unless the run stopped after draft_email or the lead no longer waits (run canceled). The audit
// entry records the reviewer's click; the draft.approved event announces an approval that stands:
// at once from the API, when the undo window closes from the web app (lib/sending/announce-approval.ts).

export const ApproveDraftBody = z
  .strictObject({
    subject: z.string().trim().min(1).max(300).optional(),
    body: z.string().trim().min(1).max(20_000).optional(),
    override_reason: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: "Approves a draft that has a `block` check (otherwise 409 `draft_blocked`); kept in the audit entry" }),
  })
  .meta({ id: "ApproveDraft" });
export const RejectDraftBody = z.strictObject({ reason: z.string().trim().min(1).max(2000) }).meta({ id: "RejectDraft" });

export type Reviewer = { userId: string; actor: Actor };

async function loadForReview(workspaceId: string, id: string) {
  const draft = await db().draft.findFirst({ where: { id, workspaceId }, include: { runLead: true } });
  if (!draft) throw new NotFound("draft");
  if (draft.status !== DRAFT_STATUS.awaiting_review) throw new Conflict(`This draft is already ${draft.status.replace("_", " ")}.`);
  return draft;
}

/**
 * `sendAfter`: the web app's undo window (lib/sending/send-window.ts); the API sends (and announces) at once.
 * `risk`: approve only a draft of this risk (the low-risk bulk approval), else 409.
 */
export async function approveDraft(
  workspaceId: string,
  id: string,
  edits: z.infer<typeof ApproveDraftBody>,
  reviewer: Reviewer,
  options: { sendAfter?: Date; risk?: string } = {},
) {
  const sendAfter = options.sendAfter ?? null;
  const draft = await loadForReview(workspaceId, id);
  if (options.risk && draft.risk !== options.risk) throw new Conflict(`This draft is ${draft.risk} risk now, not ${options.risk}.`);
  const subject = edits.subject ?? draft.subject;
  const body = edits.body ?? draft.body;
  const edited = subject !== draft.subject || body !== draft.body;
  // Checked again on an edit (contract §13); a draft with a block check needs an override reason.
  const review = edited ? await recheckDraft(draft, subject, body) : null;
  const checks = review ? review.checks : storedChecks(draft.checks);
  const blocking = checks.filter((c) => c.severity === "block");
  if (blocking.length && !edits.override_reason)
    throw new Conflict(
      `This draft has ${blocking.length} blocking check${blocking.length === 1 ? "" : "s"} (${[...new Set(blocking.map((c) => c.code))].join(", ")}). Edit it clear or approve with an override_reason.`,
      "draft_blocked",
      { checks: blocking },
    );
  // An answer to a reply (kind reply) is no step of the sequence: it is sent whatever state the
  // lead's run lead is in, and moves neither the run lead nor the lead (contract §13).
  const answer = draft.kind === "reply";
  let willSend = answer || draft.runLead.state === RUN_LEAD_STATE.awaiting_review;
  // An approval that is announced at once names the lead's sender, so it is assigned now (lib/senders/assign.ts).
  const senderId = !sendAfter && willSend && !answer ? await senderOfRunLead(draft.runLeadId) : draft.runLead.senderId;
  const updated = await db().$transaction(async (tx) => {
    const reviewedAt = new Date();
    const approved = await moveDraft(
      { id, workspaceId },
      DRAFT_STATUS.approved,
      {
        subject,
        body,
        edited,
        reviewerId: reviewer.userId,
        reviewedAt,
        decisionMs: await decisionMs(tx, id, reviewer.userId, reviewedAt),
        sendAfter,
        approvalAnnouncedAt: sendAfter ? null : new Date(),
        ...(review ? { ...reviewColumns(review), ...PENDING_SPAM_SCORE } : {}),
      },
      { from: [DRAFT_STATUS.awaiting_review], tx },
    );
    if (!approved) throw new Conflict("This draft was reviewed a moment ago.");
    // Not moved: the run was canceled a moment ago (the lead is stopped), so nothing is sent.
    if (!answer) {
      if (willSend) willSend = await moveRunLead(draft.runLeadId, RUN_LEAD_STATE.running, {}, { tx, from: [RUN_LEAD_STATE.awaiting_review] });
      await moveLead(draft.leadId, LEAD_STATUS.approved, { tx });
    }
    if (!sendAfter)
      await writeEvents(tx, workspaceId, [
        {
          type: "draft.approved",
          data: {
            lead_id: draft.leadId,
            draft_id: id,
            run_id: draft.runId,
            reviewer: reviewer.userId,
            edited,
            step: publicStep(draft.step),
            sender_id: senderId,
          },
        },
      ]);
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "draft.approved",
      target: { type: "draft", id },
      data: {
        edited,
        will_send: willSend,
        ...(sendAfter ? { send_after: sendAfter.toISOString() } : {}),
        ...(blocking.length ? { override_reason: edits.override_reason, overridden_checks: blocking.map((c) => c.code) } : {}),
      },
    });
    return tx.draft.findUniqueOrThrow({ where: { id }, include: DRAFT_INCLUDE });
  });
  // If Redis is away, the resume sweep finds the approved draft, announces it and queues its send.
  // A web approval's job runs at the window's close even when nothing will be sent: it announces.
  if (willSend || sendAfter) await enqueueSend(id, sendAfter);
  if (review) await queueSpamScores([id]); // the edit is scored again (lib/spam/score-draft.ts)
  await settleRun(draft.runId);
  return presentDraft(updated);
}

export async function rejectDraft(workspaceId: string, id: string, reason: string, reviewer: Reviewer) {
  const draft = await loadForReview(workspaceId, id);
  const updated = await db().$transaction(async (tx) => {
    const reviewedAt = new Date();
    const rejected = await moveDraft(
      { id, workspaceId },
      DRAFT_STATUS.rejected,
      { rejectReason: reason, reviewerId: reviewer.userId, reviewedAt, decisionMs: await decisionMs(tx, id, reviewer.userId, reviewedAt) },
      { tx },
    );
    if (!rejected) throw new Conflict("This draft was reviewed a moment ago.");
    // A rejected answer to a reply (kind reply) leaves the lead's run lead and sequence as they were.
    if (draft.kind !== "reply") {
      await moveRunLead(
        draft.runLeadId,
        RUN_LEAD_STATE.rejected,
        { reasonCode: "draft_rejected", reasonMessage: reason.slice(0, 500) },
        { tx, from: [RUN_LEAD_STATE.awaiting_review] },
      );
      await endSequences(tx, [draft.runLeadId], SEQUENCE_END_REASON.rejected, { runLeadTo: null }); // a rejected step ends the lead's sequence
    }
    await writeEvents(tx, workspaceId, [
      { type: "draft.rejected", data: { lead_id: draft.leadId, draft_id: id, run_id: draft.runId, reviewer: reviewer.userId, reason } },
    ]);
    await recordAudit(tx, { workspaceId, actor: reviewer.actor, action: "draft.rejected", target: { type: "draft", id }, data: { reason } });
    return tx.draft.findUniqueOrThrow({ where: { id }, include: DRAFT_INCLUDE });
  });
  await settleRun(draft.runId);
  return presentDraft(updated);
}
