import { DRAFT_STATUS, RUN_LEAD_STATE, SEND_STATUS } from "@/lib/statuses";
import { sql } from "@/lib/db";
import type { RunCounts } from "@/lib/runs/run-schemas";

/**
 * A run's counts, computed from its rows (one indexed pass; always true, nothing to keep in step).
 * A lead has a draft per step in a sequence run, so the per-lead counts count distinct run leads
 * (`drafted`, `approved` and `sent` count every step's drafts and sends; per step: step-counts.ts);
 * `replied` counts leads that replied to any step.
 */
export async function runCounts(run: { id: string; rows: number; imported: number; invalidRows: number }): Promise<RunCounts> {
  const { rows } = await sql().query<Record<string, string>>(
    `SELECT
       count(DISTINCT rl.id) FILTER (WHERE rl.qualified) AS qualified,
       count(DISTINCT rl.id) FILTER (WHERE rl.state = $2) AS rejected,
       count(d.id) AS drafted,
       count(d.id) FILTER (WHERE d.status = ANY($3)) AS approved,
       count(s.id) FILTER (WHERE s.status = $4) AS sent,
       count(DISTINCT rl.id) FILTER (WHERE rl.state = $5) AS failed,
       (SELECT count(DISTINCT d2."leadId") FROM replies r JOIN drafts d2 ON d2.id = r."draftId" WHERE d2."runId" = $1) AS replied
     FROM run_leads rl
     LEFT JOIN drafts d ON d."runLeadId" = rl.id
     LEFT JOIN sends s ON s."draftId" = d.id
     WHERE rl."runId" = $1`,
    [run.id, RUN_LEAD_STATE.rejected, [DRAFT_STATUS.approved, DRAFT_STATUS.sent], SEND_STATUS.sent, RUN_LEAD_STATE.failed],
  );
  const row = rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return {
    rows: run.rows,
    imported: run.imported,
    invalid_rows: run.invalidRows,
    qualified: n("qualified"),
    rejected: n("rejected"),
    drafted: n("drafted"),
    approved: n("approved"),
    sent: n("sent"),
    replied: n("replied"),
    failed: n("failed"),
  };
}
