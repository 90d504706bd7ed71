import { db } from "@/lib/db";
import { announceApproval } from "@/lib/sending/announce-approval";
import { enqueueSend, sendWaitMs } from "@/lib/sending/send-window";
import { sendDraft } from "@/lib/sending/send-draft";
import { scheduleDraft } from "@/lib/senders/schedule";
import { DRAFT_STATUS } from "@/lib/statuses";

/** A slot this close is waited for in the job rather than by another delayed job. */
const SLOT_SLACK_MS = 2_000;

/**
 * One send job (queue `send`). A job that fires before the draft's undo window closed (a resume
 * sweep, a clock a little ahead) goes back as a delayed job for the remaining time. Once the window
 * has closed, the draft is scheduled (its sender and send slot: a campaign's window, the sender's
 * cap and spacing) and the approval announced (draft.approved); a slot still to come puts the job
 * back as a delayed job until then.
 */
export async function sendWhenDue(draftId: string) {
  const draft = await db().draft.findUnique({ where: { id: draftId }, select: { status: true, sendAfter: true, approvalAnnouncedAt: true } });
  const now = new Date();
  if (draft?.status === DRAFT_STATUS.approved && sendWaitMs(draft, now.getTime()) > 0) {
    await enqueueSend(draftId, draft.sendAfter, "wait");
    return { outcome: "deferred" };
  }
  if (draft?.status === DRAFT_STATUS.approved) {
    // Its sender and slot first (lib/senders/schedule.ts), so that draft.approved names the sender.
    const slot = await scheduleDraft(draftId, now.getTime());
    if (!draft.approvalAnnouncedAt) await announceApproval(draftId, now);
    const wait = slot ? slot.scheduledFor.getTime() - Date.now() : 0;
    if (wait > SLOT_SLACK_MS) {
      await enqueueSend(draftId, slot!.scheduledFor, "slot");
      return { outcome: "scheduled" };
    }
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait)); // a delayed job a moment early
  }
  return { outcome: await sendDraft(draftId) };
}
