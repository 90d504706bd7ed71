import type { PoolClient } from "pg";
import type { Tx } from "@/lib/db";
import { assertEventData, type CatalogEvent } from "@/lib/events/catalog";
import type { EventType } from "@/lib/events/types";
import { newId } from "@/lib/ids";

// The outbox (contract §7), and its one writer. Events are rows written in the same transaction as
// the state change they announce, through a Prisma transaction or a pg client alike. Each event's
// data is checked against its kind's schema (lib/events/catalog.ts) first: one that breaks it
// throws, and so fails the transaction with the state change it would have announced.
//
// The one rule for a workspace without an endpoint (docs/webhooks.md, "Workspaces without an
// endpoint"): an announcement written while its workspace has no enabled endpoint is written
// dispatched. No one is there to receive it, now or later: an endpoint created or enabled afterwards
// gets the events that commit after it, never this one (it has no delivery, so no dead letter to
// replay either), and the outbox dispatcher (lib/webhooks/dispatch.ts) never touches it, so a large
// run in such a workspace does not hold up other workspaces' webhooks. With an enabled endpoint the
// event is written undispatched, and the dispatcher makes one delivery per enabled endpoint that
// subscribes to it.
// "No endpoint" must not be stale by the time the event commits: the writer holds a shared advisory
// lock on its workspace's outbox, and creating or enabling an endpoint takes it exclusively
// (lockOutboxForEndpointChange), so an event either commits before the endpoint exists or sees it.

/** An announcement, as producers write it: a subscribable kind and its data. */
export type OutboxEvent = CatalogEvent<EventType>;
/** An event for one endpoint only (`webhook.test`, lib/webhooks/endpoints.ts). */
export type DirectedEvent = CatalogEvent<"webhook.test">;
/** Where the writer writes: a Prisma transaction or a pg client inside a transaction. */
export type EventConnection = Tx | PoolClient;
export type WrittenEvent = { id: string; deliveryId: string | null };

const LOCK = `hashtext('leadpipe.outbox'), hashtext($1)`;

async function execute(connection: EventConnection, text: string, values: unknown[]): Promise<void> {
  if ("$executeRawUnsafe" in connection) await connection.$executeRawUnsafe(text, ...values);
  else await connection.query(text, values);
}

/**
 * Call first in a transaction that creates an endpoint or enables one: it waits for the workspace's
 * event writes in flight to commit (those were written for no endpoint) and holds back new ones
 * until this transaction ends (they will see the endpoint).
 */
export async function lockOutboxForEndpointChange(tx: Tx, workspaceId: string): Promise<void> {
  await execute(tx, `SELECT pg_advisory_xact_lock(${LOCK})::text`, [workspaceId]);
}

/**
 * Writes events to the outbox: announcements undispatched when the workspace has an enabled
 * endpoint, dispatched when it has none (the rule above). With `to`, the events go to that one
 * endpoint only: they are written dispatched, each with its one pending delivery, and the caller
 * queues the delivery after the commit.
 */
export async function writeEvents(connection: EventConnection, workspaceId: string, events: OutboxEvent[]): Promise<WrittenEvent[]>;
export async function writeEvents(
  connection: EventConnection,
  workspaceId: string,
  events: DirectedEvent[],
  to: { endpointId: string },
): Promise<WrittenEvent[]>;
export async function writeEvents(
  connection: EventConnection,
  workspaceId: string,
  events: (OutboxEvent | DirectedEvent)[],
  to?: { endpointId: string },
): Promise<WrittenEvent[]> {
  if (events.length === 0) return [];
  for (const event of events) assertEventData(event);
  const rows = events.map((event) => ({ id: newId("evt"), type: event.type, data: event.data, delivery_id: to ? newId("dly") : null }));
  // Its own statement, so that the insert's snapshot, taken after the lock, sees an endpoint whose
  // creation held it.
  if (!to) await execute(connection, `SELECT pg_advisory_xact_lock_shared(${LOCK})::text`, [workspaceId]);
  await execute(
    connection,
    `INSERT INTO events (id, "workspaceId", type, "occurredAt", data, "dispatchedAt")
     SELECT t.id, $1, t.type, now(), t.data, hooks.dispatched
       FROM json_to_recordset($2::json) AS t(id text, type text, data jsonb),
            (SELECT CASE WHEN $3::text IS NULL AND EXISTS (SELECT 1 FROM webhook_endpoints WHERE "workspaceId" = $1 AND enabled)
                         THEN NULL ELSE now() END AS dispatched) AS hooks`,
    [workspaceId, JSON.stringify(rows), to?.endpointId ?? null],
  );
  if (to) {
    await execute(
      connection,
      `INSERT INTO deliveries (id, "workspaceId", "eventId", "endpointId", "nextAttemptAt") -- pending, due now
       SELECT t.delivery_id, $1, t.id, $3, now() FROM json_to_recordset($2::json) AS t(id text, delivery_id text)`,
      [workspaceId, JSON.stringify(rows), to.endpointId],
    );
  }
  return rows.map((row) => ({ id: row.id, deliveryId: row.delivery_id }));
}
