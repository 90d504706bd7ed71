import { db, sql, type Prisma, type Tx } from "@/lib/db";
import { BATCH_STAGES } from "@/lib/lifecycle/stages";
import { WORKING_RUN_LEAD_STATES } from "@/lib/lifecycle/run-lead";
import { ACTIVE_RUN_STATUSES, RUN_STATUS, RUN_STATUSES, type RunStatus } from "@/lib/states/run";
import { RUN_LEAD_STATE } from "@/lib/states/run-lead";

// The groups (ended, active, import, working) and labels live with the values in lib/states/run.ts.
export { ACTIVE_RUN_STATUSES, ENDED_RUN_STATUSES, IMPORT_RUN_STATUSES } from "@/lib/states/run";

// A run's status is owned here: the table of allowed moves, and the only functions that write
// `runs.status` (import, stages, review, sends, retry, cancel and the recovery sweep all come
// through them). Every write is a conditional update from the states allowed to move, so two
// processes racing cannot take a run backwards or out of an ended state.
//
//   queued ─► importing ─► running ⇄ awaiting_review ⇄ sending ─► completed ─(retried send)─► sending
//      └──────────┴─► failed          (any state not ended) ─► canceled

const { importing, running, awaiting_review, sending, completed, failed, canceled } = RUN_STATUS;

export const RUN_TRANSITIONS: Record<RunStatus, readonly RunStatus[]> = {
  queued: [importing, failed, canceled],
  importing: [importing, running, failed, canceled], // importing → importing: a retried import
  running: [awaiting_review, sending, completed, canceled],
  awaiting_review: [running, sending, completed, canceled],
  sending: [running, awaiting_review, completed, canceled],
  completed: [sending], // a refused send retried from the draft page (lib/drafts/retry-send.ts)
  failed: [],
  canceled: [],
};

export function canMoveRun(from: RunStatus, to: RunStatus): boolean {
  return RUN_TRANSITIONS[from].includes(to);
}

/** The states a run may be in to move to `to`. */
export function runStatusesBefore(to: RunStatus): RunStatus[] {
  return RUN_STATUSES.filter((from) => canMoveRun(from, to));
}

/** The stages before draft_email: a lead not yet past them (or not started) is machine work. */
const MACHINE_WORK_STAGES = BATCH_STAGES.slice(0, BATCH_STAGES.indexOf("draft_email"));

type MoveData = Omit<Prisma.RunUncheckedUpdateManyInput, "status" | "id" | "workspaceId">;
type Client = Pick<Tx, "run">;

/**
 * Moves a run to `to` if its status allows it (RUN_TRANSITIONS), with `data` in the same update;
 * `from` narrows the states it may move from. Web requests pass their `workspaceId`; the workers'
 * system jobs work by run id. Answers whether it moved.
 */
export async function moveRun(
  runId: string,
  to: RunStatus,
  data: MoveData = {},
  options: { from?: readonly RunStatus[]; tx?: Client; workspaceId?: string } = {},
): Promise<boolean> {
  const allowed = runStatusesBefore(to).filter((from) => !options.from || options.from.includes(from));
  const where = { id: runId, status: { in: allowed }, ...(options.workspaceId ? { workspaceId: options.workspaceId } : {}) };
  const { count } = await (options.tx ?? db()).run.updateMany({ where, data: { ...data, status: to } });
  return count === 1;
}

/**
 * Sets an active run's status from its leads: `running` while machine stages have work, then
 * `awaiting_review` while drafts wait for a reviewer, then `sending` while approved drafts are
 * being sent, then `completed`. A lead whose send is in doubt (lib/sending/send-status.ts) stays
 * `running` at stage send, so its run stays `sending` until the doubt is resolved (Sent folder or
 * reviewer): a run is never `completed` with a mail nobody knows was sent. Safe to call any time,
 * from anywhere; other runs are left alone.
 */
export async function settleRun(runId: string): Promise<void> {
  await sql().query(
    `WITH phase AS (
       SELECT CASE
         WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = $1 AND state = ANY($3) AND (stage IS NULL OR stage = ANY($4))) THEN $5
         WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = $1 AND state = $6) THEN $7
         WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = $1 AND state = $8) THEN $9
         ELSE $10 END AS status
     )
     UPDATE runs r SET status = phase.status, "finishedAt" = CASE WHEN phase.status = $10 THEN now() ELSE NULL END
       FROM phase
      WHERE r.id = $1 AND r.status = ANY($2) AND r.status <> phase.status`,
    [
      runId,
      ACTIVE_RUN_STATUSES,
      WORKING_RUN_LEAD_STATES,
      MACHINE_WORK_STAGES,
      running, // machine stages have work
      RUN_LEAD_STATE.awaiting_review,
      awaiting_review, // drafts wait for a reviewer
      RUN_LEAD_STATE.running,
      sending, // approved drafts being sent (or in doubt)
      completed,
    ],
  );
}

/** settleRun for every active run (the recovery sweep). */
export async function settleActiveRuns(): Promise<void> {
  const active = await sql().query<{ id: string }>(`SELECT id FROM runs WHERE status = ANY($1)`, [ACTIVE_RUN_STATUSES]);
  for (const run of active.rows) await settleRun(run.id);
}
