import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { closeQueues } from "@/lib/queues";
import { deliverBatch } from "@/lib/webhooks/deliver";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";
import { startReceiver } from "../helpers/webhook-receiver";

// The set-based delivery step: a batch claims its due deliveries in one statement, so two workers
// handed the same deliveries (a sweep racing the original job) attempt each one once.

let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  await resetDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await closeQueues();
});

async function pendingDeliveries(count: number) {
  const workspace = await ensureWorkspace({ slug: `batch-${newId("ws").slice(-6)}`, name: "Batch" });
  const endpoint = await createEndpoint(
    workspace.id,
    { url: receiver.url, events: [], enabled: true, description: "" },
    { type: "system", id: "tests", name: "tests" },
  );
  const events = Array.from({ length: count }, () => ({
    id: newId("evt"),
    workspaceId: workspace.id,
    type: "lead.qualified",
    data: { lead_id: "lead_x" },
    dispatchedAt: new Date(),
  }));
  await db().event.createMany({ data: events });
  const deliveries = events.map((event) => ({
    id: newId("dly"),
    workspaceId: workspace.id,
    eventId: event.id,
    endpointId: endpoint.id,
    nextAttemptAt: new Date(),
  }));
  await db().delivery.createMany({ data: deliveries });
  return { ids: deliveries.map((d) => d.id), eventIds: events.map((e) => e.id) };
}

describe("deliverBatch", () => {
  it("attempts each delivery once when two workers race for the same batch", async () => {
    receiver.received.length = 0;
    const { ids, eventIds } = await pendingDeliveries(60);
    const [first, second] = await Promise.all([deliverBatch(ids), deliverBatch(ids)]);
    expect(first.succeeded + second.succeeded).toBe(60);
    expect(first.skipped + second.skipped).toBe(60);
    expect(receiver.received.map((r) => r.headers["x-service-event-id"]).sort()).toEqual([...eventIds].sort());
    expect(await db().deliveryAttempt.count({ where: { deliveryId: { in: ids } } })).toBe(60);
    expect(await db().delivery.count({ where: { id: { in: ids }, status: "succeeded", attemptCount: 1 } })).toBe(60);
  });

  it("records failures with their error and schedules the next attempt inside the window", async () => {
    receiver.received.length = 0;
    receiver.setMode("fail");
    try {
      const { ids } = await pendingDeliveries(5);
      const result = await deliverBatch(ids);
      expect(result).toEqual({ succeeded: 0, retrying: 5, dead: 0, skipped: 0 });
      const rows = await db().delivery.findMany({ where: { id: { in: ids } }, include: { attempts: true } });
      for (const row of rows) {
        expect(row).toMatchObject({ status: "pending", attemptCount: 1, lastError: "HTTP 500" });
        expect(row.attempts).toMatchObject([{ attemptNo: 1, statusCode: 500, responseBody: "receiver broke", error: "HTTP 500" }]);
        expect(row.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
      }
      // Not due yet: a second batch over the same ids leaves them alone.
      expect(await deliverBatch(ids)).toMatchObject({ succeeded: 0, skipped: 5 });
    } finally {
      receiver.setMode("ok");
    }
  });
});
