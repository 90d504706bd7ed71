import { sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { deliveryJobs, type QueuedDelivery } from "@/lib/webhooks/deliver";

// The outbox dispatcher: events not yet dispatched become one delivery per matching enabled
// endpoint, and the events are marked dispatched, in one transaction (rows locked with SKIP
// LOCKED, so several workers share the work). Deliveries are then queued. Events of a workspace that
// had no enabled endpoint are written dispatched and never come here (lib/events/outbox.ts).

/** Returns how many events it dispatched (0 when the outbox is empty). */
export async function dispatchOutbox(limit = 1000): Promise<number> {
  let created: QueuedDelivery[] = [];
  const dispatched = await sqlTransaction(async (client) => {
    const events = await client.query<{ id: string }>(`SELECT id FROM events WHERE "dispatchedAt" IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`, [
      limit,
    ]);
    if (events.rows.length === 0) return 0;
    const eventIds = events.rows.map((row) => row.id);
    const pairs = await client.query<{ eventId: string; endpointId: string; workspaceId: string }>(
      `SELECT e.id AS "eventId", w.id AS "endpointId", e."workspaceId"
         FROM events e JOIN webhook_endpoints w ON w."workspaceId" = e."workspaceId" AND w.enabled
        WHERE e.id = ANY($1) AND (cardinality(w.events) = 0 OR e.type = ANY(w.events))`,
      [eventIds],
    );
    if (pairs.rows.length) {
      const inserted = await client.query<QueuedDelivery>(
        `INSERT INTO deliveries (id, "workspaceId", "eventId", "endpointId", status, "nextAttemptAt", "createdAt")
         SELECT t.id, t.workspace_id, t.event_id, t.endpoint_id, 'pending', now(), now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(id, workspace_id, event_id, endpoint_id)
         ON CONFLICT ("eventId", "endpointId") DO NOTHING RETURNING id, "endpointId"`,
        [pairs.rows.map(() => newId("dly")), pairs.rows.map((p) => p.workspaceId), pairs.rows.map((p) => p.eventId), pairs.rows.map((p) => p.endpointId)],
      );
      created = inserted.rows;
    }
    await client.query(`UPDATE events SET "dispatchedAt" = now() WHERE id = ANY($1)`, [eventIds]);
    return eventIds.length;
  });
  // If Redis is away now, the sweep queues these deliveries a little later.
  await enqueueBulkAfterCommit("deliver", deliveryJobs(created, "a1"));
  return dispatched;
}
