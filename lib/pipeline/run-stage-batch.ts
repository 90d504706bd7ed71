import { metrics } from "@/lib/metrics/metrics";
import { advanceBatch } from "@/lib/pipeline/advance-batch";
import { enqueueStageBatches } from "@/lib/pipeline/start-stages";
import type { QueuePayload } from "@/lib/queues";
import { settleRun } from "@/lib/runs/run-status";

/**
 * A stage job: carries its batch of leads through the stage (advanceBatch), queues the leads that
 * go on to a later stage, queues again after the provider's Retry-After those whose provider was
 * unavailable (429, 5xx, timeout: they are never rejected for it), and settles the run's status.
 */
export async function runStageBatch(payload: QueuePayload<"stage">, attempt: { attemptsMade: number }) {
  const { runId, stage, runLeadIds, batch } = payload;
  const stop = metrics().stageDuration.startTimer({ stage });
  const { next, later } = await advanceBatch(runId, stage, runLeadIds);
  stop();
  for (const group of next) await enqueueStageBatches(runId, group.stage, group.ids, batch);
  if (later.ids.length) await enqueueStageBatches(runId, stage, later.ids, `${batch}-r${attempt.attemptsMade}-${Date.now()}`, later.delayMs);
  await settleRun(runId);
  return { advanced: runLeadIds.length - later.ids.length, next: next.reduce((sum, group) => sum + group.ids.length, 0), later: later.ids.length };
}
