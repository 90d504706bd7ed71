import { db } from "@/lib/db";
import { enqueueSend, sendWaitMs } from "@/lib/drafts/send-window";
import { sendDraft } from "@/lib/sending/send-draft";

/**
 * One send job (queue `send`). A job that fires before the draft's undo window closed (a resume
 * sweep, a clock a little ahead) goes back as a delayed job for the remaining time.
 */
export async function sendWhenDue(draftId: string) {
  const draft = await db().draft.findUnique({ where: { id: draftId }, select: { status: true, sendAfter: true } });
  if (draft?.status === "approved" && sendWaitMs(draft) > 0) {
    await enqueueSend(draftId, draft.sendAfter, "wait");
    return { outcome: "deferred" };
  }
  return { outcome: await sendDraft(draftId) };
}
