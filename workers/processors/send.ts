import type { Job } from "bullmq";
import { db } from "@/lib/db";
import { enqueueSend, sendWaitMs } from "@/lib/drafts/send-window";
import { sendDraft } from "@/lib/sending/send-draft";
import type { QueuePayload } from "@/lib/queues";

export async function processSend(job: Job<QueuePayload<"send">>) {
  // A job that fires before the draft's undo window closed (a resume sweep, a clock a little
  // ahead) goes back as a delayed job for the remaining time.
  const draft = await db().draft.findUnique({ where: { id: job.data.draftId }, select: { status: true, sendAfter: true } });
  if (draft?.status === "approved" && sendWaitMs(draft) > 0) {
    await enqueueSend(job.data.draftId, draft.sendAfter, "wait");
    return { outcome: "deferred" };
  }
  return { outcome: await sendDraft(job.data.draftId) };
}
