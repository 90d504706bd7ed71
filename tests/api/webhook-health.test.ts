import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startReceiver } from "../helpers/webhook-receiver";

// Auto-disable, against a real worker with a tiny period: an endpoint whose every attempt fails for
// 3 s (WEBHOOK_DISABLE_AFTER_SECONDS) is disabled by the worker, with an audit entry by the system
// and its pending deliveries dead-lettered; a success before that clears the failing state; an
// admin re-enables it (audited) and replays the dead letters.

let ws: TestWorkspace;
let worker: Spawned;

beforeAll(async () => {
  ws = await testWorkspace("hook-health");
  const port = await freePort();
  worker = spawnWorker({
    WORKER_PORT: String(port),
    WEBHOOK_RETRY_SCHEDULE: "1,1,1,1,1,1,1,1",
    WEBHOOK_RETRY_WINDOW_SECONDS: "60",
    WEBHOOK_DISABLE_AFTER_SECONDS: "3",
  });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});
afterAll(() => worker?.child.kill("SIGTERM"));

async function emit(type: string) {
  const id = newId("evt");
  await db().event.create({ data: { id, workspaceId: ws.workspace.id, type, data: { lead_id: "lead_x", run_id: "run_x", score: 90, reasons: [] } } });
  return id;
}

type Endpoint = { id: string; enabled: boolean; disabled_reason: string | null; disabled_at: string | null; failing_since: string | null };
const getEndpoint = async (id: string) => (await call("GET", `/v1/webhook-endpoints/${id}`, { token: ws.tokens.admin })).body as unknown as Endpoint;

describe("webhook endpoint health", () => {
  it("a success clears the failing state before the period is over", async () => {
    const receiver = await startReceiver();
    receiver.setMode("fail");
    const created = await call("POST", "/v1/webhook-endpoints", { token: ws.tokens.admin, body: { url: receiver.url, events: ["lead.rejected"] } });
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
    await emit("lead.rejected");
    const failing = await eventually(async () => ((await getEndpoint(id)).failing_since ? getEndpoint(id) : null));
    expect(failing).toMatchObject({ enabled: true, disabled_reason: null });
    receiver.setMode("ok");
    const second = await emit("lead.rejected");
    await eventually(async () => receiver.received.some((r) => r.headers["x-service-event-id"] === second) && (await getEndpoint(id)).failing_since === null);
    expect(await getEndpoint(id)).toMatchObject({ enabled: true, failing_since: null });
    await call("DELETE", `/v1/webhook-endpoints/${id}`, { token: ws.tokens.admin });
    await receiver.close();
  });

  it("disables an endpoint that fails for the whole period, dead-letters its deliveries, and an admin re-enables it", async () => {
    const receiver = await startReceiver();
    receiver.setMode("fail");
    const created = await call("POST", "/v1/webhook-endpoints", { token: ws.tokens.admin, body: { url: receiver.url, events: ["lead.qualified"] } });
    const id = created.body.id as string;
    const first = await emit("lead.qualified");

    const disabled = await eventually(
      async () => {
        const endpoint = await getEndpoint(id);
        return endpoint.enabled ? null : endpoint;
      },
      { timeoutMs: 30_000 },
    );
    expect(disabled).toMatchObject({
      enabled: false,
      disabled_reason: "failing",
      disabled_at: expect.stringMatching(/Z$/),
      failing_since: expect.stringMatching(/Z$/),
    });
    expect(Date.parse(disabled.disabled_at!) - Date.parse(disabled.failing_since!)).toBeGreaterThanOrEqual(3000);
    expect(receiver.received.length).toBeGreaterThanOrEqual(2); // several attempts, all failed

    const audit = await call("GET", "/v1/audit?action=webhook.endpoint_disabled", { token: ws.tokens.admin });
    expect(audit.body.data).toHaveLength(1);
    expect(audit.body.data![0]).toMatchObject({
      actor: { type: "system" },
      target: { type: "webhook_endpoint", id },
      data: { reason: "failing", disable_after_seconds: 3, dead_lettered: 1 },
    });

    const dead = await call("GET", `/v1/dead-letters?endpoint_id=${id}`, { token: ws.tokens.admin });
    expect(dead.body.data).toMatchObject([{ event: { id: first }, last_error: "endpoint disabled after continuous failure" }]);

    // While disabled, nothing is sent to it.
    const during = await emit("lead.qualified");
    await eventually(async () => (await db().event.findUniqueOrThrow({ where: { id: during } })).dispatchedAt !== null);
    expect(await db().delivery.count({ where: { eventId: during } })).toBe(0);
    const attemptsSoFar = receiver.received.length;

    // An admin re-enables it: the failing state starts afresh, the change is audited, and a replay delivers the dead letter.
    receiver.setMode("ok");
    const enabled = await call("PATCH", `/v1/webhook-endpoints/${id}`, { token: ws.tokens.admin, body: { enabled: true } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, disabled_reason: null, disabled_at: null, failing_since: null });
    const updates = await call("GET", "/v1/audit?action=webhook.endpoint_updated", { token: ws.tokens.admin });
    expect(updates.body.data!.find((entry) => (entry.target as { id: string }).id === id)).toMatchObject({
      actor: { type: "token" },
      data: { enabled: true, reenabled_after: "failing" },
    });
    const replay = await call("POST", "/v1/dead-letters/replay", { token: ws.tokens.admin, body: { endpoint_id: id, since: disabled.failing_since } });
    expect(replay.body).toEqual({ replayed: 1 });
    await eventually(async () => receiver.received.slice(attemptsSoFar).some((r) => r.headers["x-service-event-id"] === first));
    const next = await emit("lead.qualified");
    await eventually(async () => receiver.received.some((r) => r.headers["x-service-event-id"] === next));

    // Disabling by hand says so.
    const manual = await call("PATCH", `/v1/webhook-endpoints/${id}`, { token: ws.tokens.admin, body: { enabled: false } });
    expect(manual.body).toMatchObject({ enabled: false, disabled_reason: "manual", disabled_at: expect.stringMatching(/Z$/) });
    await call("DELETE", `/v1/webhook-endpoints/${id}`, { token: ws.tokens.admin });
    await receiver.close();
  }, 60_000);
});
