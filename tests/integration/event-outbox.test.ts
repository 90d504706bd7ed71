import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordAudit } from "@/lib/audit/record-audit";
import { closeDb, db, sqlTransaction } from "@/lib/db";
import { lockOutboxForEndpointChange, writeEvents, type OutboxEvent } from "@/lib/events/outbox";
import { closeQueues } from "@/lib/queues";
import { dispatchOutbox } from "@/lib/webhooks/dispatch";
import { createEndpoint, updateEndpoint } from "@/lib/webhooks/endpoints";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";
import { startReceiver } from "../helpers/webhook-receiver";

// Producers write events through the one writer (lib/events/outbox.ts), through Prisma or pg alike.
// It checks each event's data against its kind's schema (lib/events/catalog.ts): an event that
// breaks it fails the transaction, so the state change it would announce does not commit either.
// An event written while its workspace has no enabled endpoint is written dispatched, and an
// endpoint added later never gets it: the rule for workspaces without an endpoint (docs/webhooks.md).

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  await resetDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await closeQueues();
  await closeDb();
});

const system = { type: "system" as const, id: "test", name: "test" };
const good: OutboxEvent = {
  type: "draft.approved",
  data: { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", reviewer: "usr_x", edited: false, step: 1, sender_id: null },
};
const rejected: OutboxEvent = {
  type: "lead.rejected",
  data: { lead_id: "lead_x", run_id: "run_x", stage: "send", reason: { code: "suppressed", message: "On the list." } },
};
// accepted_at is missing: a producer's bug the type checker would have caught, forced past it here.
const bad = { type: "send.completed", data: { lead_id: "lead_x", draft_id: "drf_x", run_id: "run_x", message_id: "<m@x>" } } as unknown as OutboxEvent;

const addEndpoint = (workspaceId: string, enabled = true) => createEndpoint(workspaceId, { url: receiver.url, events: [], enabled, description: "" }, system);
const dispatchedAt = async (eventId: string) => (await db().event.findUniqueOrThrow({ where: { id: eventId } })).dispatchedAt;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Whether the promise is still pending after `ms`. */
const stillPending = (promise: Promise<unknown>, ms = 300) =>
  Promise.race([
    promise.then(
      () => false,
      () => false,
    ),
    sleep(ms).then(() => true),
  ]);
const deliveriesOf = (eventId: string) => db().delivery.findMany({ where: { eventId }, select: { endpointId: true } });
/** Runs the dispatcher (as the worker's outbox loop does) until the outbox is empty. */
const drainOutbox = async () => {
  while ((await dispatchOutbox()) > 0);
};

describe("the outbox", () => {
  it("writes events whose data fits their kind, through Prisma and through pg, the same way", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-good", name: "outbox good" });
    const [viaPrisma] = await db().$transaction((tx) => writeEvents(tx, workspace.id, [good]));
    const [viaPg] = await sqlTransaction((client) => writeEvents(client, workspace.id, [rejected]));
    const rows = await db().event.findMany({ where: { workspaceId: workspace.id }, orderBy: { type: "asc" } });
    expect(rows.map((row) => [row.id, row.type, row.data])).toEqual([
      [viaPrisma.id, "draft.approved", good.data],
      [viaPg.id, "lead.rejected", rejected.data],
    ]);
  });

  it("refuses an event whose data breaks its schema, and the state change written with it does not commit", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-bad", name: "outbox bad" });
    const auditBefore = await db().auditEntry.count({ where: { workspaceId: workspace.id } });
    await expect(
      db().$transaction(async (tx) => {
        await recordAudit(tx, { workspaceId: workspace.id, actor: system, action: "webhook.test_sent", target: { type: "webhook_endpoint", id: "whe_x" } });
        await writeEvents(tx, workspace.id, [good, bad]);
      }),
    ).rejects.toThrow(/send\.completed.*accepted_at/);
    await expect(sqlTransaction((client) => writeEvents(client, workspace.id, [good, bad]))).rejects.toThrow(/accepted_at/);
    await expect(
      sqlTransaction((client) => writeEvents(client, workspace.id, [{ ...good, data: { ...good.data, edited: "yes" } } as unknown as OutboxEvent])),
    ).rejects.toThrow(/edited/);
    expect(await db().event.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect(await db().auditEntry.count({ where: { workspaceId: workspace.id } })).toBe(auditBefore);
  });
});

describe("a workspace without an endpoint", () => {
  it("writes its events dispatched, with no delivery; an endpoint added later gets the events written after it, never the earlier ones", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-no-endpoint", name: "outbox no endpoint" });
    const [beforePrisma] = await db().$transaction((tx) => writeEvents(tx, workspace.id, [good]));
    const [beforePg] = await sqlTransaction((client) => writeEvents(client, workspace.id, [rejected]));
    for (const event of [beforePrisma, beforePg]) expect(await dispatchedAt(event.id), "written dispatched").not.toBeNull();

    const endpoint = await addEndpoint(workspace.id);
    const [after] = await db().$transaction((tx) => writeEvents(tx, workspace.id, [good]));
    expect(await dispatchedAt(after.id), "left to the dispatcher").toBeNull();
    await drainOutbox();
    expect(await deliveriesOf(after.id)).toEqual([{ endpointId: endpoint.id }]);
    // The earlier events stay undelivered: no delivery, so nothing to replay as a dead letter either.
    expect(await deliveriesOf(beforePrisma.id)).toEqual([]);
    expect(await deliveriesOf(beforePg.id)).toEqual([]);
    expect(await db().delivery.count({ where: { workspaceId: workspace.id } })).toBe(1);
  });

  it("a disabled endpoint counts as none: events written before it is enabled again are not sent to it", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-disabled", name: "outbox disabled" });
    const endpoint = await addEndpoint(workspace.id, false);
    const [during] = await db().$transaction((tx) => writeEvents(tx, workspace.id, [good]));
    expect(await dispatchedAt(during.id)).not.toBeNull();
    await updateEndpoint(workspace.id, endpoint.id, { enabled: true }, system);
    const [after] = await db().$transaction((tx) => writeEvents(tx, workspace.id, [good]));
    await drainOutbox();
    expect(await deliveriesOf(during.id)).toEqual([]);
    expect(await deliveriesOf(after.id)).toEqual([{ endpointId: endpoint.id }]);
  });

  it("creating an endpoint waits for an event write in flight, so that event (written for no endpoint) committed before the endpoint existed", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-race-write", name: "outbox race write" });
    let creating: ReturnType<typeof addEndpoint> | undefined;
    const [event] = await sqlTransaction(async (client) => {
      const written = await writeEvents(client, workspace.id, [rejected]);
      creating = addEndpoint(workspace.id);
      expect(await stillPending(creating), "the endpoint waits for the open event write").toBe(true);
      return written;
    });
    const endpoint = await creating!;
    const [later] = await db().$transaction((tx) => writeEvents(tx, workspace.id, [rejected]));
    await drainOutbox();
    expect(await deliveriesOf(event.id)).toEqual([]);
    expect(await deliveriesOf(later.id)).toEqual([{ endpointId: endpoint.id }]);
  });

  it("an event write waits for an endpoint being enabled, and then goes to it", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-race-enable", name: "outbox race enable" });
    const endpoint = await addEndpoint(workspace.id, false);
    let writing: Promise<{ id: string }[]> | undefined;
    await db().$transaction(async (tx) => {
      await lockOutboxForEndpointChange(tx, workspace.id); // what updateEndpoint does first
      writing = sqlTransaction((client) => writeEvents(client, workspace.id, [rejected]));
      expect(await stillPending(writing), "the event write waits for the endpoint change").toBe(true);
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: true } });
    });
    const [event] = await writing!;
    await drainOutbox();
    expect(await deliveriesOf(event.id)).toEqual([{ endpointId: endpoint.id }]);
  });

  it("writes an event for one endpoint (webhook.test) dispatched, with its one delivery, which the dispatcher fans out to no one else", async () => {
    const workspace = await ensureWorkspace({ slug: "outbox-directed", name: "outbox directed" });
    const [target, other] = [await addEndpoint(workspace.id), await addEndpoint(workspace.id)];
    const [event] = await db().$transaction((tx) =>
      writeEvents(tx, workspace.id, [{ type: "webhook.test", data: { endpoint_id: target.id, message: "hello" } }], { endpointId: target.id }),
    );
    await drainOutbox();
    expect(await db().delivery.findMany({ where: { eventId: event.id }, select: { id: true, endpointId: true, status: true } })).toEqual([
      { id: event.deliveryId, endpointId: target.id, status: "pending" },
    ]);
    expect(await db().delivery.count({ where: { endpointId: other.id } })).toBe(0);
  });
});
