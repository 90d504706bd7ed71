import { sql } from "@/lib/db";
import { announceDueApprovals } from "@/lib/sending/announce-approval";
import { enqueue, liveWork } from "@/lib/queues";
import { queueTrackForLost } from "@/lib/replies/track-jobs";
import { enqueueStageBatches } from "@/lib/pipeline/start-stages";
import { nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";
import { IMPORT_RUN_STATUSES, settleActiveRuns } from "@/lib/lifecycle/run";
import { WORKING_RUN_LEAD_STATES } from "@/lib/lifecycle/run-lead";
import { DRAFT_STATUS, RUN_LEAD_STATE, RUN_STATUS, SEND_STATUS } from "@/lib/statuses";

// Crash recovery: PostgreSQL holds the truth, so work lost with a queue (Redis restarted empty, a
// job dropped) is found from the rows and queued again. Work that merely waits (a long import, a
// backlog of stage batches, leads waiting for a provider, a slow relay) still has a job in its
// queue and is left alone: queueing it twice would call a hosted model twice, or import one file
// twice at once. Processing is idempotent, so the rare overlap costs only a little work. What a
// queue still holds is read from its live jobs' payloads (the registry's `work`, lib/queues.ts).
// It queues the lost work of several features (the pipeline's imports and stage batches, sends,
// replies' track jobs), so it sits above them with the other sweeps' runner, not in any one of them
// (docs/architecture.md "Layers").

const STALE_SECONDS = 60;

export async function resumeRuns(): Promise<{ imports: number; batches: number; announced: number; sends: number; replies: number }> {
  const minute = Math.floor(Date.now() / 60_000);
  const waiting = await sql().query<{ id: string }>(`SELECT id FROM runs WHERE status = ANY($2) AND "createdAt" < now() - make_interval(secs => $1)`, [
    STALE_SECONDS,
    IMPORT_RUN_STATUSES,
  ]);
  const importing = waiting.rows.length ? await liveWork("import") : new Set<string>();
  const lostImports = waiting.rows.filter((row) => !importing.has(row.id));
  for (const run of lostImports) await enqueue("import", { v: 1, runId: run.id }, { tag: `resume-${minute}` });

  const stalled = await sql().query<{ runId: string; stage: string | null; ids: string[] }>(
    `SELECT rl."runId", rl.stage, array_agg(rl.id ORDER BY rl.id) AS ids
       FROM run_leads rl JOIN runs r ON r.id = rl."runId"
      WHERE r.status = $2 AND rl.state = ANY($3) AND rl."updatedAt" < now() - make_interval(secs => $1)
      GROUP BY rl."runId", rl.stage`,
    [STALE_SECONDS, RUN_STATUS.running, WORKING_RUN_LEAD_STATES],
  );
  let batches = 0;
  const staged = stalled.rows.length ? await liveWork("stage") : new Set<string>();
  for (const group of stalled.rows.filter((row) => !staged.has(row.runId))) {
    const stage: BatchStage | null = group.stage === null ? "extract_signals" : nextBatchStage(group.stage as BatchStage);
    if (stage) batches += await enqueueStageBatches(group.runId, stage, group.ids, `resume-${minute}`);
  }
  // Web approvals whose undo window closed a while ago and whose send job (which announces them)
  // was lost: draft.approved first, then their sends are queued again below.
  const announced = await announceDueApprovals(STALE_SECONDS);
  const unsent = await sql().query<{ id: string }>(
    `SELECT d.id FROM drafts d JOIN run_leads rl ON rl.id = d."runLeadId" LEFT JOIN sends s ON s."draftId" = d.id
      WHERE d.status = $2 AND rl.state = $3 AND d."updatedAt" < now() - make_interval(secs => $1)
        AND (s."scheduledFor" IS NULL OR s."scheduledFor" <= now()) -- a send whose slot is still to come has its delayed job
        AND (s.id IS NULL OR s.status = ANY($4)
             OR (s.status = $5 AND EXISTS (SELECT 1 FROM relay_settings r WHERE r."workspaceId" = d."workspaceId")))`,
    [
      STALE_SECONDS,
      DRAFT_STATUS.approved,
      RUN_LEAD_STATE.running,
      [SEND_STATUS.pending, SEND_STATUS.sending, SEND_STATUS.committing],
      SEND_STATUS.waiting_relay,
    ],
  );
  const sending = unsent.rows.length ? await liveWork("send") : new Set<string>();
  const lostSends = unsent.rows.filter((row) => !sending.has(row.id));
  for (const draft of lostSends) await enqueue("send", { v: 1, draftId: draft.id }, { tag: `resume-${minute}` });
  const unclassified = await sql().query<{ id: string }>(
    `SELECT id FROM replies WHERE "classifiedAt" IS NULL AND "draftId" IS NOT NULL AND "createdAt" < now() - make_interval(secs => $1) AND "createdAt" > now() - interval '7 days'`,
    [STALE_SECONDS],
  );
  // A mailbox batch job carries up to 100 replies: its job id names only the first, so the sweep reads the jobs' data.
  const lostReplies = await queueTrackForLost(
    unclassified.rows.map((row) => row.id),
    `resume-${minute}`,
  );

  await settleActiveRuns();
  return { imports: lostImports.length, batches, announced, sends: lostSends.length, replies: lostReplies };
}
