import { timing } from "@/lib/config/timing";
import { enqueueAfterCommit } from "@/lib/queues";

// The undo window of approvals made in the web app: the draft is approved at once (audit entry),
// but its send and its draft.approved event wait UNDO_WINDOW_MS, during which the reviewer can take
// the approval back (undoApproval); UNDO_WINDOW_MS is in the timing config (lib/config/timing.ts).
// The API's approve has no window (sendAfter null: the event is written with the approval and the send queued at once). The send path honours `sendAfter`
// (sendDraft skips a draft whose time has not come; the send processor puts such a job back as a
// delayed job, and at the window's close announces the approval first: lib/sending/announce-approval.ts).
// A web approval's job is queued even when the run will not send, so that the announcement leaves.

/** The web app's undo window (ms): 10 s unless the environment's UNDO_WINDOW_MS says otherwise (tests). */
export const undoWindowMs = () => timing().undoWindowMs;
/** Undo closes this long before the send may start, so an undo never races a send in flight. */
export const UNDO_MARGIN_MS = 1_000;

/** How long a send must still wait (ms), 0 when it may go now. */
export function sendWaitMs(draft: { sendAfter: Date | null }, now = Date.now()): number {
  return draft.sendAfter ? Math.max(0, draft.sendAfter.getTime() - now) : 0;
}

/**
 * Queues the send of an approved draft: at once, or as a delayed job at its sendAfter. The approval
 * is committed: if Redis is away, the resume sweep queues the send (it looks for approved drafts).
 */
export async function enqueueSend(draftId: string, sendAfter: Date | null, tag = "at"): Promise<void> {
  const delay = sendAfter ? { tag: sendTag(sendAfter, tag), delay: Math.max(0, sendAfter.getTime() - Date.now()) } : {};
  await enqueueAfterCommit("send", { v: 1, draftId }, delay);
}

/** The job id tag of a send queued for `sendAfter` (undo removes that job by it). */
export const sendTag = (sendAfter: Date, tag = "at") => `${tag}-${sendAfter.getTime()}`;
