import { sql } from "@/lib/db";
import { enqueue } from "@/lib/queues";
import { enqueueStageBatches } from "@/lib/pipeline/start-stages";
import { nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";
import { finishRunIfDone } from "@/lib/pipeline/finish-run";

// Crash recovery: PostgreSQL holds the truth, so work lost with a queue (Redis restarted empty, a
// job dropped) is found from the rows and queued again. Processing is idempotent, so queueing
// something that is in fact still in flight costs only a little work.

const STALE_SECONDS = 60;

export async function resumeRuns(): Promise<{ imports: number; batches: number }> {
  const minute = Math.floor(Date.now() / 60_000);
  const waiting = await sql().query<{ id: string }>(
    `SELECT id FROM runs WHERE status IN ('queued', 'importing') AND "createdAt" < now() - make_interval(secs => $1)`, [STALE_SECONDS],
  );
  for (const run of waiting.rows) await enqueue("import", { v: 1, runId: run.id }, { jobId: `import.${run.id}.resume-${minute}` });

  const stalled = await sql().query<{ runId: string; stage: string | null; ids: string[] }>(
    `SELECT rl."runId", rl.stage, array_agg(rl.id ORDER BY rl.id) AS ids
       FROM run_leads rl JOIN runs r ON r.id = rl."runId"
      WHERE r.status = 'running' AND rl.state IN ('pending', 'running') AND rl."updatedAt" < now() - make_interval(secs => $1)
      GROUP BY rl."runId", rl.stage`,
    [STALE_SECONDS],
  );
  let batches = 0;
  for (const group of stalled.rows) {
    const stage: BatchStage | null = group.stage === null ? "extract_signals" : nextBatchStage(group.stage as BatchStage);
    if (stage) batches += await enqueueStageBatches(group.runId, stage, group.ids, `resume-${minute}`);
  }
  const running = await sql().query<{ id: string }>(`SELECT id FROM runs WHERE status = 'running'`);
  for (const run of running.rows) await finishRunIfDone(run.id);
  return { imports: waiting.rows.length, batches };
}
