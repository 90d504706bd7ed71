import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { closeQueues } from "@/lib/queues";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startReceiver } from "../helpers/webhook-receiver";

// Endpoints that never answer do not delay a healthy one: with ten hanging endpoints subscribed to
// the same events, the healthy endpoint receives every event while each hanging endpoint's first
// attempts are still waiting for an answer (none has reached its 10 s limit, so none is recorded).
// Before per-endpoint lanes, the hanging endpoints' deliveries shared jobs and job slots with the
// healthy one's, and it waited for their timeouts.

const HANGING = 10;
const EVENTS = 300;
let worker: Spawned | undefined;
let healthy: Awaited<ReturnType<typeof startReceiver>>;
let hanging: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  await resetDatabase();
  healthy = await startReceiver();
  hanging = await startReceiver();
  hanging.setMode("hang");
});
afterAll(async () => {
  worker?.child.kill("SIGKILL"); // a clean stop would wait out the hanging attempts
  await healthy?.close();
  await hanging?.close();
  await closeQueues();
});

describe("fairness between webhook endpoints", () => {
  it("a healthy endpoint receives every event while ten hanging endpoints still have every attempt in flight", async () => {
    const workspace = await ensureWorkspace({ slug: "hook-fairness", name: "Hook fairness" });
    const actor = { type: "system" as const, id: "tests", name: "tests" };
    const hangingIds: string[] = [];
    for (let i = 0; i < HANGING; i++)
      hangingIds.push((await createEndpoint(workspace.id, { url: `${hanging.url}/${i}`, events: [], enabled: true, description: "" }, actor)).id);
    const port = await freePort();
    worker = spawnWorker({ WORKER_PORT: String(port) });
    await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });

    // The hanging endpoints are busy first: their deliveries are queued ahead of the healthy one's.
    const early = Array.from({ length: EVENTS }, () => ({ id: newId("evt"), workspaceId: workspace.id, type: "lead.qualified", data: { lead_id: "lead_x" } }));
    await db().event.createMany({ data: early });
    await eventually(async () => hanging.received.length >= HANGING, { everyMs: 50 });
    await createEndpoint(workspace.id, { url: healthy.url, events: [], enabled: true, description: "" }, actor);
    const ids = Array.from({ length: EVENTS }, () => newId("evt"));
    await db().event.createMany({ data: ids.map((id) => ({ id, workspaceId: workspace.id, type: "lead.qualified", data: { lead_id: "lead_x" } })) });

    const got = () => new Set(healthy.received.map((r) => r.headers["x-service-event-id"]));
    await eventually(async () => got().size === EVENTS, { timeoutMs: 60_000, everyMs: 50 });
    const attemptsFinished = await db().deliveryAttempt.count({ where: { delivery: { endpointId: { in: hangingIds } } } });
    const inFlight = hanging.received.length;

    expect(ids.every((id) => got().has(id))).toBe(true);
    // Every hanging endpoint was tried, and not one of those attempts has ended yet.
    const tried = await db().delivery.findMany({
      where: { endpointId: { in: hangingIds }, attemptCount: { gt: 0 } },
      distinct: ["endpointId"],
      select: { endpointId: true },
    });
    expect(tried).toHaveLength(HANGING);
    expect(inFlight).toBeGreaterThanOrEqual(HANGING);
    expect(attemptsFinished).toBe(0);
    // Nothing is lost meanwhile: the hanging endpoints' deliveries are all still pending.
    expect(await db().delivery.count({ where: { endpointId: { in: hangingIds }, status: "pending" } })).toBe(HANGING * EVENTS * 2);
  }, 120_000);
});
