import { sql } from "@/lib/db";

/**
 * Sets a run's status from its leads: `running` while machine stages have work, then
 * `awaiting_review` while drafts wait for a reviewer, then `sending` while approved drafts are
 * being sent, then `completed`. Safe to call any time, from anywhere; ended runs are left alone.
 */
export async function finishRunIfDone(runId: string): Promise<void> {
  await sql().query(
    `WITH phase AS (
       SELECT CASE
         WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = $1 AND state IN ('pending', 'running') AND (stage IS NULL OR stage IN ('extract_signals', 'qualify'))) THEN 'running'
         WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = $1 AND state = 'awaiting_review') THEN 'awaiting_review'
         WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = $1 AND state = 'running') THEN 'sending'
         ELSE 'completed' END AS status
     )
     UPDATE runs r SET status = phase.status, "finishedAt" = CASE WHEN phase.status = 'completed' THEN now() ELSE NULL END
       FROM phase
      WHERE r.id = $1 AND r.status IN ('running', 'awaiting_review', 'sending') AND r.status <> phase.status`,
    [runId],
  );
}
