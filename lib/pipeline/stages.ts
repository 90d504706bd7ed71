import { BATCH_STAGES, type BatchStage } from "@/lib/lifecycle/stages";

// Moving a lead through the batch stages (lib/lifecycle/stages.ts holds the stage list).
export { BATCH_STAGES, type BatchStage };

export function nextBatchStage(stage: BatchStage): BatchStage | null {
  return BATCH_STAGES[BATCH_STAGES.indexOf(stage) + 1] ?? null;
}

/** Has a lead whose last stage is `reached` already done `stage`? */
export function hasDone(reached: string | null, stage: BatchStage): boolean {
  return reached !== null && BATCH_STAGES.indexOf(reached as BatchStage) >= BATCH_STAGES.indexOf(stage);
}
