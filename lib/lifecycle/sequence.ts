import { queryIn, type AnyTx } from "@/lib/db";
import { runLeadStatesBefore } from "@/lib/lifecycle/run-lead";
import { RUN_LEAD_STATE } from "@/lib/states/run-lead";
import { SEQUENCE_STATUS, SEQUENCE_STATUSES, type SequenceEndReason, type SequenceStatus } from "@/lib/states/sequence";

// A run lead's sequence (contract §12; docs/pipeline.md "Sequences") is owned here: the table of
// allowed moves and the only functions that write `run_leads.sequenceStatus`, `sequenceStep`,
// `sequenceEndedReason` and `nextAt`. Only runs of a campaign with later steps have sequences
// (`runs.steps` not null). The columns stay null until the sequence first does something: a lead
// with a draft and no status is active at step 1.
//
//   (none) ─► active ⇄ paused        active | paused ─► finished (completed, replied, bounced, unsubscribed, rejected, stopped, company_replied)
//
// `nextAt` is when the scheduler next acts on the lead (lib/sequences/tick.ts): draft the next step
// (active), or resume (paused, an out-of-office's return date). While a follow-up is being drafted
// it is the scheduler's lease: pushed a few minutes ahead, so a job lost with its worker is claimed
// again. Every write is a conditional update; a finished sequence never moves again.

export const SEQUENCE_TRANSITIONS: Record<SequenceStatus, readonly SequenceStatus[]> = {
  active: ["active", "paused", "finished"], // active → active: the next step is due, or drafted
  paused: ["active", "paused", "finished"], // paused → paused: a later return date
  finished: [],
};

/** The statuses a sequence may be in to move to `to` (null: not started, i.e. active at step 1). */
function before(to: SequenceStatus): SequenceStatus[] {
  return SEQUENCE_STATUSES.filter((from) => SEQUENCE_TRANSITIONS[from].includes(to));
}
const MOVABLE = `(rl."sequenceStatus" IS NULL OR rl."sequenceStatus" = ANY($LIST))`;
const movable = (to: SequenceStatus, n: number) => MOVABLE.replace("$LIST", `$${n}`);

type Row = { id: string; runId: string; leadId: string; step: number };

/**
 * After step `step` of a lead was sent at `sentAt`: when a later step exists, the lead waits for it
 * (active, due `nextAt`; a paused lead keeps the later of its return date and the due time).
 * Answers whether the sequence goes on (false: it had ended meanwhile, e.g. a reply came first).
 */
export async function awaitNextStep(client: AnyTx, runLeadId: string, step: number, nextAt: Date): Promise<boolean> {
  const rows = await queryIn(
    client,
    `UPDATE run_leads rl SET "sequenceStep" = $2, "sequenceStatus" = COALESCE(rl."sequenceStatus", $5),
            "nextAt" = CASE WHEN rl."sequenceStatus" = $6 THEN GREATEST(rl."nextAt", $3) ELSE $3 END, "updatedAt" = now()
      WHERE rl.id = $1 AND ${movable(SEQUENCE_STATUS.active, 4)} RETURNING rl.id`,
    [runLeadId, step, nextAt, before(SEQUENCE_STATUS.active), SEQUENCE_STATUS.active, SEQUENCE_STATUS.paused],
  );
  return rows.length === 1;
}

/**
 * Ends the sequences of `runLeadIds` that have not ended, for `reason`, only in runs that have
 * sequences. Answers the rows that ended now (each once), with the step each ended at.
 */
export async function finishSequences(client: AnyTx, runLeadIds: readonly string[], reason: SequenceEndReason): Promise<Row[]> {
  if (runLeadIds.length === 0) return [];
  return queryIn<Row>(
    client,
    `UPDATE run_leads rl SET "sequenceStatus" = $2, "sequenceEndedReason" = $3, "nextAt" = NULL,
            "sequenceStep" = COALESCE(rl."sequenceStep", 1), "updatedAt" = now()
       FROM runs r
      WHERE rl.id = ANY($1) AND r.id = rl."runId" AND r.steps IS NOT NULL AND ${movable(SEQUENCE_STATUS.finished, 4)}
      RETURNING rl.id, rl."runId", rl."leadId", rl."sequenceStep" AS step`,
    [runLeadIds, SEQUENCE_STATUS.finished, reason, before(SEQUENCE_STATUS.finished)],
  );
}

/** An out-of-office: the sequence pauses until `until` (or later, if it was due later). Answers whether it paused. */
export async function pauseSequence(client: AnyTx, runLeadId: string, until: Date): Promise<boolean> {
  const rows = await queryIn(
    client,
    `UPDATE run_leads rl SET "sequenceStatus" = $3, "nextAt" = GREATEST(COALESCE(rl."nextAt", $2), $2),
            "sequenceStep" = COALESCE(rl."sequenceStep", 1), "updatedAt" = now()
       FROM runs r
      WHERE rl.id = $1 AND r.id = rl."runId" AND r.steps IS NOT NULL AND ${movable(SEQUENCE_STATUS.paused, 4)} RETURNING rl.id`,
    [runLeadId, until, SEQUENCE_STATUS.paused, before(SEQUENCE_STATUS.paused)],
  );
  return rows.length === 1;
}

/**
 * The scheduler's claim (one tick): up to `limit` leads whose `nextAt` has come, oldest first, read
 * by the partial index on "nextAt" and locked SKIP LOCKED (several workers tick side by side), each
 * given a lease: its `nextAt` moves `leaseSeconds` ahead, so a claim whose job is lost comes due again.
 */
export async function claimDue(client: AnyTx, limit: number, leaseSeconds: number): Promise<{ id: string; runId: string }[]> {
  return queryIn<{ id: string; runId: string }>(
    client,
    `WITH due AS (
       SELECT id FROM run_leads WHERE "nextAt" <= now() ORDER BY "nextAt" LIMIT $1 FOR UPDATE SKIP LOCKED)
     UPDATE run_leads rl SET "nextAt" = now() + make_interval(secs => $2) FROM due WHERE rl.id = due.id
     RETURNING rl.id, rl."runId"`,
    [limit, leaseSeconds],
  );
}

/**
 * Keeps the scheduler's lease on claimed leads a job is still working on (a hosted model writing a
 * batch of follow-ups can take longer than the lease): each one still leased (`nextAt` ahead) is
 * leased again from now. A lead whose sequence ended meanwhile (`nextAt` null) is left alone.
 */
export async function renewLeases(client: AnyTx, runLeadIds: string[], leaseSeconds: number): Promise<void> {
  if (runLeadIds.length === 0) return;
  await queryIn(client, `UPDATE run_leads SET "nextAt" = now() + make_interval(secs => $2) WHERE id = ANY($1) AND "nextAt" > now()`, [
    runLeadIds,
    leaseSeconds,
  ]);
}

/**
 * A lead the scheduler acted on: drafted its step `step` (the draft waits for review), resumed after
 * a pause, or found not due yet (`nextAt` given). Conditional on the claim still standing (not
 * finished, at the step before). Answers the ids that moved.
 */
export async function settleClaimed(client: AnyTx, rows: { id: string; step: number; nextAt: Date | null }[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const moved = await queryIn<{ id: string }>(
    client,
    `UPDATE run_leads rl SET "sequenceStep" = t.step, "sequenceStatus" = $2, "nextAt" = t.next_at, "updatedAt" = now()
       FROM json_to_recordset($1::json) AS t(id text, step int, next_at timestamptz)
      WHERE rl.id = t.id AND ${movable(SEQUENCE_STATUS.active, 3)} AND COALESCE(rl."sequenceStep", 1) IN (t.step, t.step - 1)
      RETURNING rl.id`,
    [
      JSON.stringify(rows.map((row) => ({ id: row.id, step: row.step, next_at: row.nextAt?.toISOString() ?? null }))),
      SEQUENCE_STATUS.active,
      before(SEQUENCE_STATUS.active),
    ],
  );
  return new Set(moved.map((row) => row.id));
}

/**
 * Leads whose next step the scheduler has just drafted: the sequence moves to that step (active,
 * nothing due until it is sent) and the run lead from `running` to `awaiting_review` at `stage`, in
 * one UPDATE. Both conditions hold or neither column moves: the claim still standing (not finished,
 * at the step before) and the move the run-lead table allows (lib/lifecycle/run-lead.ts). One write
 * of each row instead of two: at 100,000 leads falling due at once, each is a new row version in
 * every index of run_leads. Answers the ids that moved.
 */
export async function movedToDraftedStep(client: AnyTx, rows: { id: string; step: number }[], stage: string): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const fromStates = runLeadStatesBefore(RUN_LEAD_STATE.awaiting_review).filter((state) => state === RUN_LEAD_STATE.running);
  const moved = await queryIn<{ id: string }>(
    client,
    `UPDATE run_leads rl SET "sequenceStep" = t.step, "sequenceStatus" = $2, "nextAt" = NULL,
            stage = $4, state = $5, "reasonCode" = NULL, "reasonMessage" = NULL, "updatedAt" = now()
       FROM json_to_recordset($1::json) AS t(id text, step int)
      WHERE rl.id = t.id AND ${movable(SEQUENCE_STATUS.active, 3)} AND COALESCE(rl."sequenceStep", 1) IN (t.step, t.step - 1)
        AND rl.state = ANY($6)
      RETURNING rl.id`,
    [JSON.stringify(rows), SEQUENCE_STATUS.active, before(SEQUENCE_STATUS.active), stage, RUN_LEAD_STATE.awaiting_review, fromStates],
  );
  return new Set(moved.map((row) => row.id));
}
