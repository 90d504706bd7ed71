import { metrics } from "@/lib/metrics/metrics";
import { advanceBatch } from "@/lib/pipeline/advance-batch";
import { enqueueStageBatches } from "@/lib/pipeline/start-stages";
import type { QueuePayload } from "@/lib/queues";
import { settleRun } from "@/lib/lifecycle/run";

/**
 * One stage job (queue `stage`): advances its leads one stage, queues the next stage for those
 * that go on, and settles the run's status.
 */
export async function runStageBatch({ runId, stage, runLeadIds, batch }: QueuePayload<"stage">, attemptsMade: number) {
  const stop = metrics().stageDuration.startTimer({ stage });
  const { next, later } = await advanceBatch(runId, stage, runLeadIds);
  stop();
  for (const group of next) await enqueueStageBatches(runId, group.stage, group.ids, batch);
  // Leads whose provider was unavailable (429, 5xx, timeout) go back in a job of their own, after
  // the provider's Retry-After; they are never rejected for it.
  if (later.ids.length) await enqueueStageBatches(runId, stage, later.ids, `${batch}-r${attemptsMade}-${Date.now()}`, later.delayMs);
  await settleRun(runId);
  return { advanced: runLeadIds.length - later.ids.length, next: next.reduce((sum, group) => sum + group.ids.length, 0), later: later.ids.length };
}
