import { sql } from "@/lib/db";

/**
 * Once no lead of a running run is pending or running, the run is done with its machine stages:
 * `awaiting_review` while drafts wait for a reviewer, else `completed`. Safe to call any time.
 */
export async function finishRunIfDone(runId: string): Promise<void> {
  await sql().query(
    `UPDATE runs r
        SET status = CASE WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = r.id AND state = 'awaiting_review') THEN 'awaiting_review' ELSE 'completed' END,
            "finishedAt" = CASE WHEN EXISTS (SELECT 1 FROM run_leads WHERE "runId" = r.id AND state = 'awaiting_review') THEN NULL ELSE now() END
      WHERE r.id = $1 AND r.status = 'running'
        AND NOT EXISTS (SELECT 1 FROM run_leads WHERE "runId" = r.id AND state IN ('pending', 'running'))`,
    [runId],
  );
}
