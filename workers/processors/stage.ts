import type { Job } from "bullmq";
import { advanceBatch } from "@/lib/pipeline/advance-batch";
import { finishRunIfDone } from "@/lib/pipeline/finish-run";
import { enqueueStageBatches } from "@/lib/pipeline/start-stages";
import type { QueuePayload } from "@/lib/queues";

export async function processStage(job: Job<QueuePayload<"stage">>) {
  const { runId, stage, runLeadIds, batch } = job.data;
  const { next, nextStage } = await advanceBatch(runId, stage, runLeadIds);
  if (nextStage && next.length) await enqueueStageBatches(runId, nextStage, next, batch);
  await finishRunIfDone(runId);
  return { advanced: runLeadIds.length, next: next.length };
}
