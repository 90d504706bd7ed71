import type { StepCounts } from "@/lib/runs/run-schemas";
import { sql } from "@/lib/db";
import { DRAFT_STATUS, SEND_STATUS } from "@/lib/statuses";

// A run's drafts per campaign step (contract §12, "run counts per step"): one grouped pass over
// the run's leads (the (runId, state, id) index) and their drafts (by runLeadId), as runCounts does.

/** Per step that has at least one draft, in step order. Answers to replies (kind reply, stored with a step below 1) are no step. */
export async function stepCounts(runId: string): Promise<StepCounts[]> {
  const { rows } = await sql().query<Record<string, string | number>>(
    `SELECT d.step,
       count(*) AS drafted,
       count(*) FILTER (WHERE d.status = $2) AS awaiting_review,
       count(*) FILTER (WHERE d.status = ANY($3)) AS approved,
       count(s.id) FILTER (WHERE s.status = $4) AS sent,
       count(*) FILTER (WHERE d.status = $5) AS canceled
     FROM run_leads rl
     JOIN drafts d ON d."runLeadId" = rl.id
     LEFT JOIN sends s ON s."draftId" = d.id
     WHERE rl."runId" = $1 AND d.step >= 1
     GROUP BY d.step
     ORDER BY d.step`,
    [runId, DRAFT_STATUS.awaiting_review, [DRAFT_STATUS.approved, DRAFT_STATUS.sent], SEND_STATUS.sent, DRAFT_STATUS.canceled],
  );
  return rows.map((row) => ({
    step: Number(row.step),
    drafted: Number(row.drafted),
    awaiting_review: Number(row.awaiting_review),
    approved: Number(row.approved),
    sent: Number(row.sent),
    canceled: Number(row.canceled),
  }));
}
