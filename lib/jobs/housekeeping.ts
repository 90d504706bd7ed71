import { resumeQueuedJobs } from "@/lib/evals/resume-queued";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency/purge-expired";
import { resumeRuns } from "@/lib/pipeline/resume-runs";
import type { QueuePayload } from "@/lib/queues";
import { queueSentFolderChecks } from "@/lib/sending/sent-folder-check";
import { resumeDeliveries } from "@/lib/webhooks/resume-deliveries";

/** The worker's repeating system jobs (scheduled in workers/registry.ts). */
export async function runHousekeeping(task: QueuePayload<"housekeeping">["task"]) {
  switch (task) {
    case "purge-idempotency-keys":
      return { purged: await purgeExpiredIdempotencyKeys() };
    case "resume-runs":
      return { ...(await resumeRuns()), ...(await resumeQueuedJobs()) };
    case "resume-deliveries":
      return { queued: await resumeDeliveries() };
    case "check-in-doubt-sends":
      return { workspaces: await queueSentFolderChecks() };
  }
}
