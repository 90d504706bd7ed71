import { sql } from "@/lib/db";
import { enqueue } from "@/lib/queues";

/**
 * Deliveries that are due (or whose attempt lease lapsed) but whose job was lost — Redis restarted
 * empty, a worker died mid-attempt — are queued again.
 */
export async function resumeDeliveries(staleSeconds = 30): Promise<number> {
  const minute = Math.floor(Date.now() / 60_000);
  const due = await sql().query<{ id: string; attemptCount: number }>(
    `SELECT id, "attemptCount" FROM deliveries WHERE status = 'pending' AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" < now() - make_interval(secs => $1)) LIMIT 10000`,
    [staleSeconds],
  );
  for (const row of due.rows) await enqueue("deliver", { v: 1, deliveryId: row.id }, { jobId: `${row.id}.a${row.attemptCount + 1}.resume-${minute}` });
  return due.rows.length;
}
