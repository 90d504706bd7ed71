import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record-audit";
import { Conflict, NotFound } from "@/lib/errors";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { moveDraft } from "@/lib/lifecycle/draft";
import { moveLead } from "@/lib/lifecycle/lead";
import { settleRun } from "@/lib/lifecycle/run";
import { moveRunLead } from "@/lib/lifecycle/run-lead";
import { DRAFT_STATUS, LEAD_STATUS, RUN_LEAD_STATE } from "@/lib/statuses";
import { sendTag, UNDO_MARGIN_MS } from "@/lib/sending/send-window";
import type { Reviewer } from "@/lib/drafts/review-draft";
import { jobIdOf, queue } from "@/lib/queues";

// Taking back a web approval inside its undo window (lib/sending/send-window.ts): the draft waits
// for review again, as if never approved; its delayed send job is removed (and would skip anyway,
// the draft no longer being approved). Refused once the window has (nearly) closed, and once the
// approval was announced (draft.approved, lib/sending/announce-approval.ts): no webhook consumer ever
// sees an approval that was then undone. Nothing is emitted; the audit log records the undo.

export async function undoApproval(workspaceId: string, id: string, reviewer: Reviewer) {
  const draft = await db().draft.findFirst({ where: { id, workspaceId }, include: { runLead: true } });
  if (!draft) throw new NotFound("draft");
  const updated = await db().$transaction(async (tx) => {
    const undone = await moveDraft(
      { id, workspaceId, approvalAnnouncedAt: null, sendAfter: { gt: new Date(Date.now() + UNDO_MARGIN_MS) } },
      DRAFT_STATUS.awaiting_review,
      { reviewerId: null, reviewedAt: null, decisionMs: null, sendAfter: null, edited: false },
      { tx },
    );
    if (!undone)
      throw new Conflict(
        draft.status === DRAFT_STATUS.approved
          ? "Too late to undo: the email is being sent."
          : `This draft is ${draft.status.replace("_", " ")}; there is no approval to undo.`,
      );
    if (draft.kind !== "reply") {
      // (An answer to a reply moved neither when it was approved.)
      await moveRunLead(draft.runLeadId, RUN_LEAD_STATE.awaiting_review, {}, { tx, from: [RUN_LEAD_STATE.running] });
      await moveLead(draft.leadId, LEAD_STATUS.drafted, { tx });
    }
    await recordAudit(tx, { workspaceId, actor: reviewer.actor, action: "draft.approval_undone", target: { type: "draft", id }, data: {} });
    return tx.draft.findUniqueOrThrow({ where: { id }, include: DRAFT_INCLUDE });
  });
  await settleRun(draft.runId);
  if (draft.sendAfter)
    await queue("send")
      .remove(jobIdOf("send", { v: 1, draftId: id }, sendTag(draft.sendAfter))!)
      .catch(() => undefined); // a job already gone is fine
  return presentDraft(updated);
}
