import { sql } from "@/lib/db";
import { enqueueBulk } from "@/lib/queues";
import type { BatchStage } from "@/lib/pipeline/stages";
import { RUN_LEAD_STATE } from "@/lib/statuses";

export const STAGE_BATCH_SIZE = 1000;

/** Queues a stage for run leads, in batches; job ids make a repeated call add nothing new. */
export async function enqueueStageBatches(runId: string, stage: BatchStage, runLeadIds: string[], label: string, delayMs = 0): Promise<number> {
  const jobs = [];
  for (let i = 0; i < runLeadIds.length; i += STAGE_BATCH_SIZE) {
    const batch = `${label}-${i / STAGE_BATCH_SIZE}`;
    // The job id names the run, stage and batch.
    jobs.push({ payload: { v: 1 as const, runId, stage, runLeadIds: runLeadIds.slice(i, i + STAGE_BATCH_SIZE), batch }, options: { delay: delayMs } });
  }
  await enqueueBulk("stage", jobs); // one round trip for a 100,000-lead run's hundred jobs
  return jobs.length;
}

/** After the import: every pending lead of the run goes to extract_signals. */
export async function startStages(runId: string): Promise<void> {
  const { rows } = await sql().query<{ id: string }>(`SELECT id FROM run_leads WHERE "runId" = $1 AND state = $2 ORDER BY id`, [runId, RUN_LEAD_STATE.pending]);
  await enqueueStageBatches(
    runId,
    "extract_signals",
    rows.map((row) => row.id),
    "import",
  );
}
