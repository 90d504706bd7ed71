import { DELIVERY_STATUS } from "@/lib/statuses";
import { sql } from "@/lib/db";
import { queueDeliveries } from "@/lib/webhooks/deliver";

/**
 * Deliveries that are due (or whose attempt lease lapsed) but whose job was lost — Redis restarted
 * empty, a worker died mid-attempt — are queued again.
 */
export async function resumeDeliveries(staleSeconds = 30): Promise<number> {
  const minute = Math.floor(Date.now() / 60_000);
  const due = await sql().query<{ id: string; endpointId: string }>(
    `SELECT id, "endpointId" FROM deliveries WHERE status = $2 AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" < now() - make_interval(secs => $1)) LIMIT 10000`,
    [staleSeconds, DELIVERY_STATUS.pending],
  );
  await queueDeliveries(due.rows, `resume-${minute}`);
  return due.rows.length;
}
