import { DelayedError, type Job } from "bullmq";
import { ProviderUnavailable } from "@/lib/providers/provider-call";
import { trackReplies, trackReply } from "@/lib/replies/track-reply";
import type { QueuePayload } from "@/lib/queues";

// A provider that cannot answer now (429, 5xx, timeout) puts the job back as delayed for as long
// as it asked (Retry-After) without using up an attempt: the reply waits, it is never dropped.
export async function processTrack(job: Job<QueuePayload<"track">>, token?: string) {
  try {
    if ("replyIds" in job.data) return { classifications: await trackReplies(job.data.replyIds) };
    return { classification: await trackReply(job.data.replyId) };
  } catch (error) {
    if (!(error instanceof ProviderUnavailable) || !token) throw error;
    await job.moveToDelayed(Date.now() + error.retryAfterMs, token);
    throw new DelayedError();
  }
}
