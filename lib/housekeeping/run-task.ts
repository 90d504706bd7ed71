import { resumeQueuedJobs } from "@/lib/evals/resume-queued";
import type { HousekeepingTask } from "@/lib/jobs/housekeeping-tasks";
import { purgeExpiredIdempotencyKeys } from "@/lib/idempotency/purge-expired";
import { resumeRuns } from "@/lib/housekeeping/resume-runs";
import { queueLostAnswers } from "@/lib/replies/answer-reply";
import { queueSentFolderChecks } from "@/lib/mailbox/sent-folder-check";
import { liveWork } from "@/lib/queues";
import { queuePendingSpamScores } from "@/lib/spam/score-draft";
import { resumeDeliveries } from "@/lib/webhooks/resume-deliveries";

// What each housekeeping task (lib/jobs/housekeeping-tasks.ts) does. The work itself lives beside what it
// keeps: each sweep with its domain (runs, evaluations, deliveries, sends, idempotency keys).

export async function runHousekeeping(task: HousekeepingTask) {
  switch (task) {
    case "purge-idempotency-keys":
      return { purged: await purgeExpiredIdempotencyKeys() };
    case "resume-runs":
      return { ...(await resumeRuns()), ...(await resumeQueuedJobs()) };
    case "resume-deliveries":
      return { queued: await resumeDeliveries() };
    case "check-in-doubt-sends":
      return { workspaces: await queueSentFolderChecks() };
    case "score-pending-drafts":
      return { queued: await queuePendingSpamScores(await liveWork("spam-score")) };
    case "resume-answers":
      return { queued: await queueLostAnswers(await liveWork("answer")) };
  }
}
