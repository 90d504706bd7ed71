import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { Conflict, NotFound } from "@/lib/errors";
import { moveDraft } from "@/lib/lifecycle/draft";
import { moveSend } from "@/lib/lifecycle/send";
import { enqueueAfterCommit } from "@/lib/queues";
import { moveRun } from "@/lib/lifecycle/run";
import { moveRunLead } from "@/lib/lifecycle/run-lead";
import { DRAFT_STATUS, RUN_LEAD_STATE, RUN_STATUS, SEND_STATUS } from "@/lib/statuses";

// Retry a send from the draft page: a send the relay refused (the lead was rejected with
// relay_rejected) goes back to pending and its lead back to running (the run back to `sending` if it
// had completed); a send still pending after failed attempts is queued again now. The address is
// checked against the suppression list again by the send itself. Audited (draft.send_retried).

export async function retrySend(workspaceId: string, draftId: string, actor: Actor) {
  const draft = await db().draft.findFirst({
    where: { id: draftId, workspaceId },
    include: { send: true, runLead: true, run: { select: { status: true, stopAfter: true } } },
  });
  if (!draft) throw new NotFound("draft");
  const send = draft.send;
  const refused = send?.status === SEND_STATUS.failed && draft.runLead.reasonCode === "relay_rejected";
  const stuck = draft.status === DRAFT_STATUS.approved && send?.status === SEND_STATUS.pending && send.attempts > 0;
  if (!refused && !stuck) throw new Conflict("Only a send that failed can be retried.");
  if (draft.run.status === RUN_STATUS.canceled || draft.run.stopAfter === "draft_email") throw new Conflict("This draft's run does not send.");
  const updated = await db().$transaction(async (tx) => {
    if (refused) {
      const moved = await moveSend({ id: send!.id }, SEND_STATUS.pending, { error: null }, { from: [SEND_STATUS.failed], tx });
      if (!moved) throw new Conflict("This send was retried a moment ago.");
      await moveDraft({ id: draftId }, DRAFT_STATUS.approved, {}, { from: [DRAFT_STATUS.failed], tx });
      const reopened = await moveRunLead(
        draft.runLeadId,
        RUN_LEAD_STATE.running,
        { reasonCode: null, reasonMessage: null },
        { tx, from: [RUN_LEAD_STATE.rejected] },
      );
      if (!reopened) throw new Conflict("This lead is no longer rejected: its send was retried, or its run canceled, a moment ago.");
      await moveRun(draft.runId, RUN_STATUS.sending, { finishedAt: null }, { tx, from: [RUN_STATUS.completed] });
    }
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "draft.send_retried",
      target: { type: "draft", id: draftId },
      data: { previous_error: send?.error ?? null },
    });
    return tx.draft.findUniqueOrThrow({ where: { id: draftId }, include: DRAFT_INCLUDE });
  });
  // If Redis is away, the resume sweep queues it within a minute or two.
  await enqueueAfterCommit("send", { v: 1, draftId }, { tag: `retry-${Date.now().toString(36)}` });
  return presentDraft(updated);
}
