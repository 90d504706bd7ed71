import type { Job } from "bullmq";
import { sendDraft } from "@/lib/sending/send-draft";
import type { QueuePayload } from "@/lib/queues";

export async function processSend(job: Job<QueuePayload<"send">>) {
  return { outcome: await sendDraft(job.data.draftId) };
}
