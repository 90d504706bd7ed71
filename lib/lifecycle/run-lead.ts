import type { PoolClient } from "pg";
import { db, type Prisma, type Tx } from "@/lib/db";
import { RUN_LEAD_STATE, RUN_LEAD_STATES, type RunLeadState } from "@/lib/states/run-lead";

export { WORKING_RUN_LEAD_STATES } from "@/lib/states/run-lead";

// A run lead's state (`run_leads.state`: one lead in one run) is owned here: the table of allowed
// moves, and the only functions that write the column (the stage jobs, review, undo, sending,
// retry and cancel all come through them). One write happens in lib/lifecycle/sequence.ts
// (`movedToDraftedStep`): a lead whose follow-up the scheduler drafted moves running →
// awaiting_review in the same UPDATE as its sequence columns, from the states this table allows.
// Every write is a conditional update from the states
// allowed to move to the target, so a move the table does not hold changes nothing. A row is
// inserted `pending` by the imports (lib/imports/).
//
//   pending ─► running ─► awaiting_review ⇄ running (sending) ─► done
//      └──────────┴──────────────┴─► rejected | failed | stopped      rejected ─(retried send)─► running

const { running, done, rejected, stopped, failed, awaiting_review } = RUN_LEAD_STATE;

export const RUN_LEAD_TRANSITIONS: Record<RunLeadState, readonly RunLeadState[]> = {
  // The stage jobs (lib/pipeline/write-results.ts): the next stage, a draft to review, a verdict,
  // or `stop_after`. running → running: a later stage (or a send in doubt, lib/sending/record-send.ts).
  pending: [running, awaiting_review, rejected, failed, stopped],
  running: [running, awaiting_review, done, rejected, failed, stopped],
  // A reviewer approves (running: it is sent) or rejects the draft; cancel stops it.
  // awaiting_review → done: the sequence ended (a reply, a bounce) while a follow-up waited for review (lib/sequences/).
  awaiting_review: [running, rejected, stopped, done],
  done: [],
  rejected: [running], // a send the relay refused, retried from the draft page (lib/drafts/retry-send.ts)
  // A run canceled while its lead's send was in flight: the send still ends as it ends (sent: done,
  // or stopped at stage send under stop_after send; in doubt: running; refused: rejected).
  stopped: [running, done, rejected, stopped],
  failed: [],
};

export function canMoveRunLead(from: RunLeadState, to: RunLeadState): boolean {
  return RUN_LEAD_TRANSITIONS[from].includes(to);
}

/** The states a run lead may be in to move to `to`. */
export function runLeadStatesBefore(to: RunLeadState): RunLeadState[] {
  return RUN_LEAD_STATES.filter((from) => canMoveRunLead(from, to));
}

type MoveData = Omit<Prisma.RunLeadUncheckedUpdateManyInput, "state" | "id">;
type Client = Pick<Tx, "runLead">;
type Options = { from?: readonly RunLeadState[]; tx?: Client };

function allowedFrom(to: RunLeadState, from?: readonly RunLeadState[]): RunLeadState[] {
  return runLeadStatesBefore(to).filter((state) => !from || from.includes(state));
}

/**
 * Moves run leads matching `where` to `to` if their state allows it (RUN_LEAD_TRANSITIONS), with
 * `data` in the same update; `from` narrows the states they may move from. Answers how many moved.
 */
export async function moveRunLeads(
  where: Omit<Prisma.RunLeadWhereInput, "state">,
  to: RunLeadState,
  data: MoveData = {},
  options: Options = {},
): Promise<number> {
  const { count } = await (options.tx ?? db()).runLead.updateMany({
    where: { ...where, state: { in: allowedFrom(to, options.from) } },
    data: { ...data, state: to },
  });
  return count;
}

/** moveRunLeads for one run lead: answers whether it moved. */
export async function moveRunLead(runLeadId: string, to: RunLeadState, data: MoveData = {}, options: Options = {}): Promise<boolean> {
  return (await moveRunLeads({ id: runLeadId }, to, data, options)) === 1;
}

/** One row of a stage job's set-based move. */
export type RunLeadStep = {
  id: string;
  state: RunLeadState;
  stage: string;
  qualified: boolean | null;
  reasonCode: string | null;
  reasonMessage: string | null;
};

/**
 * The stage jobs' set-based move (one statement for a batch, in the caller's transaction): each row
 * to its own state with its stage, verdict and reason, only from a state the table allows (narrowed
 * by `from`), and only if it has not reached one of `notReached` (a repeated job changes nothing
 * twice). Rows travel as one JSON parameter, the allowed (from, to) pairs as two arrays. Answers
 * the ids that moved.
 */
export async function moveRunLeadsInBatch(
  client: PoolClient,
  steps: RunLeadStep[],
  options: { from?: readonly RunLeadState[]; notReached?: readonly string[] } = {},
): Promise<Set<string>> {
  if (steps.length === 0) return new Set();
  const pairs = RUN_LEAD_STATES.flatMap((to) => allowedFrom(to, options.from).map((from) => [from, to] as const));
  const updated = await client.query<{ id: string }>(
    `UPDATE run_leads rl SET stage = t.stage, state = t.state, qualified = COALESCE(t.qualified, rl.qualified),
            "reasonCode" = t.reason_code, "reasonMessage" = t.reason_message, "updatedAt" = now()
       FROM json_to_recordset($1::json) AS t(id text, stage text, state text, qualified bool, reason_code text, reason_message text)
       JOIN unnest($3::text[], $4::text[]) AS m(from_state, to_state) ON m.to_state = t.state
      WHERE rl.id = t.id AND rl.state = m.from_state AND (rl.stage IS NULL OR NOT (rl.stage = ANY($2)))
      RETURNING rl.id`,
    [
      JSON.stringify(
        steps.map((s) => ({ id: s.id, stage: s.stage, state: s.state, qualified: s.qualified, reason_code: s.reasonCode, reason_message: s.reasonMessage })),
      ),
      options.notReached ?? [],
      pairs.map(([from]) => from),
      pairs.map(([, to]) => to),
    ],
  );
  return new Set(updated.rows.map((row) => row.id));
}
