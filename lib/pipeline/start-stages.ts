import { sql } from "@/lib/db";
import { enqueue } from "@/lib/queues";
import type { BatchStage } from "@/lib/pipeline/stages";

export const STAGE_BATCH_SIZE = 1000;

/** Queues a stage for run leads, in batches; job ids make a repeated call add nothing new. */
export async function enqueueStageBatches(runId: string, stage: BatchStage, runLeadIds: string[], label: string, delayMs = 0): Promise<number> {
  let batches = 0;
  for (let i = 0; i < runLeadIds.length; i += STAGE_BATCH_SIZE) {
    const batch = `${label}-${i / STAGE_BATCH_SIZE}`;
    await enqueue("stage", { v: 1, runId, stage, runLeadIds: runLeadIds.slice(i, i + STAGE_BATCH_SIZE), batch }, { jobId: `${runId}.${stage}.${batch}`, delay: delayMs });
    batches++;
  }
  return batches;
}

/** After the import: every pending lead of the run goes to extract_signals. */
export async function startStages(runId: string): Promise<void> {
  const { rows } = await sql().query<{ id: string }>(`SELECT id FROM run_leads WHERE "runId" = $1 AND state = 'pending' ORDER BY id`, [runId]);
  await enqueueStageBatches(runId, "extract_signals", rows.map((row) => row.id), "import");
}
