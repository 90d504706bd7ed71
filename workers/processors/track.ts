import type { Job } from "bullmq";
import { trackReply } from "@/lib/replies/track-reply";
import type { QueuePayload } from "@/lib/queues";

export async function processTrack(job: Job<QueuePayload<"track">>) {
  return { classification: await trackReply(job.data.replyId) };
}
