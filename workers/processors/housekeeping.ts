import type { Job } from "bullmq";
import { resumeQueuedJobs } from "@/lib/evals/resume-queued";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency/purge-expired";
import { resumeRuns } from "@/lib/pipeline/resume-runs";
import { resumeDeliveries } from "@/lib/webhooks/resume-deliveries";
import type { QueuePayload } from "@/lib/queues";

export async function processHousekeeping(job: Job<QueuePayload<"housekeeping">>) {
  switch (job.data.task) {
    case "purge-idempotency-keys":
      return { purged: await purgeExpiredIdempotencyKeys() };
    case "resume-runs":
      return { ...(await resumeRuns()), ...(await resumeQueuedJobs()) };
    case "resume-deliveries":
      return { queued: await resumeDeliveries() };
  }
}
