import type { PoolClient } from "pg";
import { db, type Tx } from "@/lib/db";
import { LEAD_STATUS, LEAD_STATUSES, STAGE_LEAD_STATUSES, type LeadStatus } from "@/lib/states/lead";

export { STAGE_LEAD_STATUSES } from "@/lib/states/lead";

// A lead's status (`leads.status`) is owned here: the table of allowed moves, and the only functions
// that write the column (the stage jobs, review, undo, sending, replies, corrections and the
// mailbox's bounces all come through them). Every write is a conditional update from the states
// allowed to move to the target, so a move the table does not hold changes nothing. A lead is
// inserted `new` (lib/leads/create-lead.ts, lib/imports/: the column's default).
//
// A lead is one person in the workspace, shared by every run that takes it in and by the mailbox,
// so its status says what last happened to it, whichever run did it: a lead joins a later run in
// any status and that run's stages set it again; a reviewer, a send, a reply or a bounce may come
// for one run while another has moved the lead on. The table holds what the code does today, so it
// refuses little: nothing goes back to `new`, a bounced lead stays bounced against replies, and a
// move to the status a lead already has is no move. (A lead still `new` has no draft, so the moves
// from `new` to approved, sent, replied and suppressed do not happen outside tests that write
// drafts straight into the database; they are kept, as the code allowed them.)
//
//   new ─► qualified | rejected ─► drafted ⇄ approved ─► sent ─► replied | suppressed;   any ─► bounced

const { qualified, rejected, drafted, approved, sent, replied, suppressed, bounced } = LEAD_STATUS;

export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: [qualified, rejected, drafted, approved, sent, replied, suppressed, bounced], // drafted: qualify and draft_email in one job
  qualified: [rejected, drafted, approved, sent, replied, suppressed, bounced],
  rejected: [qualified, drafted, approved, sent, replied, suppressed, bounced],
  drafted: [qualified, rejected, approved, sent, replied, suppressed, bounced],
  approved: [qualified, rejected, drafted, sent, replied, suppressed, bounced], // drafted: an approval undone
  sent: [qualified, rejected, drafted, approved, replied, suppressed, bounced],
  replied: [qualified, rejected, drafted, approved, sent, suppressed, bounced],
  suppressed: [qualified, rejected, drafted, approved, sent, replied, bounced],
  bounced: [qualified, rejected, drafted, approved, sent],
};

export function canMoveLead(from: LeadStatus, to: LeadStatus): boolean {
  return LEAD_TRANSITIONS[from].includes(to);
}

/** The statuses a lead may be in to move to `to`. */
export function leadStatusesBefore(to: LeadStatus): LeadStatus[] {
  return LEAD_STATUSES.filter((from) => canMoveLead(from, to));
}

type Client = Pick<Tx, "lead">;

/**
 * Moves the leads `leadIds` to `to` where their status allows it (LEAD_TRANSITIONS); `from`
 * narrows the statuses they may move from. Answers how many moved.
 */
export async function moveLeads(
  leadIds: string | readonly string[],
  to: LeadStatus,
  options: { from?: readonly LeadStatus[]; tx?: Client } = {},
): Promise<number> {
  const ids = typeof leadIds === "string" ? [leadIds] : [...leadIds];
  if (ids.length === 0) return 0;
  const allowed = leadStatusesBefore(to).filter((from) => !options.from || options.from.includes(from));
  const { count } = await (options.tx ?? db()).lead.updateMany({ where: { id: { in: ids }, status: { in: allowed } }, data: { status: to } });
  return count;
}

/** moveLeads for one lead: answers whether it moved. */
export async function moveLead(leadId: string, to: LeadStatus, options: { from?: readonly LeadStatus[]; tx?: Client } = {}): Promise<boolean> {
  return (await moveLeads(leadId, to, options)) === 1;
}

/** One lead of a stage job's batch: what the job computed, and the status it moves to (null: none). */
export type LeadStageResult = { id: string; signals: unknown; qualification: unknown; to: (typeof STAGE_LEAD_STATUSES)[number] | null };

/**
 * The stage jobs' set-based write (one statement for a batch, in the caller's transaction): each
 * lead's signals and qualification (what the job did not compute stays as it was), and its status
 * moved to `to` only from a status the table allows (the allowed (from, to) pairs travel as two
 * arrays): a refused move leaves the status and still records what was computed.
 */
export async function writeLeadStageResults(client: PoolClient, results: LeadStageResult[]): Promise<void> {
  if (results.length === 0) return;
  const pairs = STAGE_LEAD_STATUSES.flatMap((to) => leadStatusesBefore(to).map((from) => [from, to] as const));
  await client.query(
    `UPDATE leads l SET signals = COALESCE(t.signals, l.signals), qualification = COALESCE(t.q, l.qualification),
            status = CASE WHEN EXISTS (SELECT 1 FROM unnest($2::text[], $3::text[]) AS m(from_status, to_status)
                                        WHERE m.from_status = l.status AND m.to_status = t.status) THEN t.status ELSE l.status END,
            "updatedAt" = now()
       FROM json_to_recordset($1::json) AS t(id text, signals jsonb, q jsonb, status text) WHERE l.id = t.id`,
    [
      JSON.stringify(results.map((r) => ({ id: r.id, signals: r.signals ?? null, q: r.qualification ?? null, status: r.to }))),
      pairs.map(([from]) => from),
      pairs.map(([, to]) => to),
    ],
  );
}
