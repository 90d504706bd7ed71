import { sql } from "@/lib/db";
import { enqueue } from "@/lib/queues";
import { enqueueStageBatches } from "@/lib/pipeline/start-stages";
import { nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";
import { finishRunIfDone } from "@/lib/pipeline/finish-run";

// Crash recovery: PostgreSQL holds the truth, so work lost with a queue (Redis restarted empty, a
// job dropped) is found from the rows and queued again. Processing is idempotent, so queueing
// something that is in fact still in flight costs only a little work.

const STALE_SECONDS = 60;

export async function resumeRuns(): Promise<{ imports: number; batches: number; sends: number; replies: number }> {
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
  const unsent = await sql().query<{ id: string }>(
    `SELECT d.id FROM drafts d JOIN run_leads rl ON rl.id = d."runLeadId" LEFT JOIN sends s ON s."draftId" = d.id
      WHERE d.status = 'approved' AND rl.state = 'running' AND (s.id IS NULL OR s.status = 'pending') AND d."updatedAt" < now() - make_interval(secs => $1)`,
    [STALE_SECONDS],
  );
  for (const draft of unsent.rows) await enqueue("send", { v: 1, draftId: draft.id }, { jobId: `send.${draft.id}.resume-${minute}` });
  const unclassified = await sql().query<{ id: string }>(
    `SELECT id FROM replies WHERE "classifiedAt" IS NULL AND "draftId" IS NOT NULL AND "createdAt" < now() - make_interval(secs => $1) AND "createdAt" > now() - interval '7 days'`,
    [STALE_SECONDS],
  );
  for (const reply of unclassified.rows) await enqueue("track", { v: 1, replyId: reply.id }, { jobId: `track.${reply.id}.resume-${minute}` });

  const active = await sql().query<{ id: string }>(`SELECT id FROM runs WHERE status IN ('running', 'awaiting_review', 'sending')`);
  for (const run of active.rows) await finishRunIfDone(run.id);
  return { imports: waiting.rows.length, batches, sends: unsent.rows.length, replies: unclassified.rows.length };
}
