// The machine stages a run carries each lead through before human review, in order.
export const BATCH_STAGES = ["extract_signals", "qualify", "draft_email"] as const;
export type BatchStage = (typeof BATCH_STAGES)[number];

export function nextBatchStage(stage: BatchStage): BatchStage | null {
  return BATCH_STAGES[BATCH_STAGES.indexOf(stage) + 1] ?? null;
}

/** Has a lead whose last stage is `reached` already done `stage`? */
export function hasDone(reached: string | null, stage: BatchStage): boolean {
  return reached !== null && BATCH_STAGES.indexOf(reached as BatchStage) >= BATCH_STAGES.indexOf(stage);
}
