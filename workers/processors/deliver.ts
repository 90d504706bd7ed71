import type { Job } from "bullmq";
import { deliver } from "@/lib/webhooks/deliver";
import type { QueuePayload } from "@/lib/queues";

export async function processDeliver(job: Job<QueuePayload<"deliver">>) {
  return { outcome: await deliver(job.data.deliveryId) };
}
