import type { Job } from "bullmq";
import { deliverBatch } from "@/lib/webhooks/deliver";
import type { QueuePayload } from "@/lib/queues";

export async function processDeliver(job: Job<QueuePayload<"deliver">>) {
  return deliverBatch(job.data.deliveryIds);
}
