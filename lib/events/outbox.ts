import type { PoolClient } from "pg";
import type { Tx } from "@/lib/db";
import { assertEventData, type CatalogEvent } from "@/lib/events/catalog";
import { newId } from "@/lib/ids";
import type { EventType } from "@/lib/webhooks/event-types";

// The outbox (contract §7): events are rows written in the same transaction as the state change
// they announce; the webhook dispatcher delivers them later. Each event's data is checked against
// its kind's schema (lib/events/catalog.ts) first: one that breaks it throws, and so fails the
// transaction with the state change it would have announced.

export type { EventType };
// Besides these, `webhook.test` is sent to one endpoint on request (lib/webhooks/endpoints.ts).
export type OutboxEvent = CatalogEvent<EventType>;

function rows(events: OutboxEvent[]) {
  for (const event of events) assertEventData(event);
  return events.map((event) => ({ id: newId("evt"), type: event.type, data: event.data }));
}

export async function insertEvents(client: PoolClient, workspaceId: string, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  // A workspace without an enabled webhook endpoint has no one to deliver to: its events are
  // written as already dispatched, which spares the dispatcher touching each one again.
  await client.query(
    `INSERT INTO events (id, "workspaceId", type, "occurredAt", data, "dispatchedAt")
     SELECT t.id, $1, t.type, now(), t.data, hooks.none
       FROM json_to_recordset($2::json) AS t(id text, type text, data jsonb),
            (SELECT CASE WHEN EXISTS (SELECT 1 FROM webhook_endpoints WHERE "workspaceId" = $1 AND enabled) THEN NULL ELSE now() END AS none) AS hooks`,
    [workspaceId, JSON.stringify(rows(events))],
  );
}

/** The same, inside a Prisma transaction. */
export async function recordEvents(tx: Tx, workspaceId: string, events: OutboxEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.event.createMany({ data: rows(events).map((row) => ({ ...row, workspaceId, data: row.data as object })) });
}
