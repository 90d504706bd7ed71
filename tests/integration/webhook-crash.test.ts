import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { closeQueues } from "@/lib/queues";
import { createEndpoint } from "@/lib/webhooks/endpoints";
import { resumeDeliveries } from "@/lib/webhooks/resume-deliveries";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import { resetDatabase } from "../helpers/db";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startReceiver } from "../helpers/webhook-receiver";

// SIGKILL the worker while it delivers, and empty Redis as a restart without persistence would:
// every event still reaches the receiver at least once (found again from PostgreSQL).

let worker: Spawned | undefined;
let port = 0;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

async function startWorker() {
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
}

beforeAll(async () => {
  await resetDatabase();
  port = await freePort();
  receiver = await startReceiver();
});
afterAll(async () => {
  worker?.child.kill("SIGKILL");
  await receiver?.close();
  await closeQueues();
});

describe("webhook delivery through crashes", () => {
  it("loses no event when the worker is killed and Redis forgets everything", async () => {
    const workspace = await ensureWorkspace({ slug: "hook-crash", name: "Hook crash" });
    await createEndpoint(workspace.id, { url: receiver.url, events: [], enabled: true, description: "" }, { type: "system", id: "tests", name: "tests" });
    const ids = Array.from({ length: 600 }, () => newId("evt"));
    const insert = (slice: string[]) =>
      db().event.createMany({
        data: slice.map((id) => ({
          id,
          workspaceId: workspace.id,
          type: "lead.qualified",
          data: { lead_id: "lead_x", run_id: "run_x", score: 90, reasons: [] },
        })),
      });
    await startWorker();
    await insert(ids.slice(0, 400));
    await eventually(async () => receiver.received.length >= 100, { everyMs: 20 });
    worker!.child.kill("SIGKILL");
    await worker!.exited;
    const redis = new Redis(process.env.REDIS_URL!);
    await redis.flushdb(); // queued and delayed jobs are gone
    redis.disconnect();
    await insert(ids.slice(400));
    await startWorker();
    // What the minute sweep does, more often: once the killed worker's attempt leases lapse, their
    // deliveries are queued again.
    await eventually(
      async () => {
        await resumeDeliveries(0);
        return new Set(receiver.received.map((r) => r.headers["x-service-event-id"])).size === ids.length;
      },
      { timeoutMs: 90_000, everyMs: 2_000 },
    );
    const delivered = new Set(receiver.received.map((r) => r.headers["x-service-event-id"] as string));
    expect(ids.every((id) => delivered.has(id))).toBe(true);
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { id: string });
    expect(bodies.every((body, i) => body.id === receiver.received[i].headers["x-service-event-id"])).toBe(true);
    // A batch the killed worker had posted (the receiver has those ids) but not recorded stays
    // leased for up to 25 s; the sweep then sends it again. Every row ends succeeded.
    await eventually(
      async () => {
        await resumeDeliveries(0);
        return (await db().delivery.count({ where: { workspaceId: workspace.id, status: { not: "succeeded" } } })) === 0;
      },
      { timeoutMs: 60_000, everyMs: 2_000 },
    );
    console.log(`webhook crash test: ${ids.length} events, ${receiver.received.length - ids.length} duplicate deliveries (same id)`);
  }, 180_000);
});
