import { db } from "@/lib/db";
import { announceApproval } from "@/lib/drafts/announce-approval";
import { enqueueSend, sendWaitMs } from "@/lib/sending/send-window";
import { sendDraft } from "@/lib/sending/send-draft";
import { DRAFT_STATUS } from "@/lib/statuses";

/**
 * One send job (queue `send`). A job that fires before the draft's undo window closed (a resume
 * sweep, a clock a little ahead) goes back as a delayed job for the remaining time. Once the window
 * has closed, the approval is announced (draft.approved) before anything is sent.
 */
export async function sendWhenDue(draftId: string) {
  const draft = await db().draft.findUnique({ where: { id: draftId }, select: { status: true, sendAfter: true, approvalAnnouncedAt: true } });
  const now = new Date();
  if (draft?.status === DRAFT_STATUS.approved && sendWaitMs(draft, now.getTime()) > 0) {
    await enqueueSend(draftId, draft.sendAfter, "wait");
    return { outcome: "deferred" };
  }
  if (draft?.status === DRAFT_STATUS.approved && !draft.approvalAnnouncedAt) await announceApproval(draftId, now);
  return { outcome: await sendDraft(draftId) };
}
