import type { Job } from "bullmq";
import { deliverBatch } from "@/lib/webhooks/deliver";
import { deliverInLane } from "@/lib/webhooks/lanes";
import type { QueuePayload } from "@/lib/queues";

export async function processDeliver(job: Job<QueuePayload<"deliver">>) {
  const { deliveryIds, endpointId } = job.data;
  return endpointId ? deliverInLane(endpointId, deliveryIds) : deliverBatch(deliveryIds);
}
