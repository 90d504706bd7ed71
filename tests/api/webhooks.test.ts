import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { signatureHeader } from "@/lib/webhooks/signing";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startReceiver } from "../helpers/webhook-receiver";

// Signed, at-least-once delivery against a real worker, with a short retry schedule
// (1 s, 2 s, then the window's end at 6 s) so the whole life of a delivery fits in a test.

const stripe = new Stripe("sk_test_unused");
let ws: TestWorkspace;
let worker: Spawned;

beforeAll(async () => {
  ws = await testWorkspace("hooks");
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port), WEBHOOK_RETRY_SCHEDULE: "1,2", WEBHOOK_RETRY_WINDOW_SECONDS: "6" });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});
afterAll(() => worker?.child.kill("SIGTERM"));

async function addEndpoint(url: string, events: string[] = []) {
  const created = await call("POST", "/v1/webhook-endpoints", { token: ws.tokens.admin, body: { url, events } });
  expect(created.status).toBe(201);
  return created.body as { id: string; secret: string };
}

async function emit(type = "draft.ready") {
  const id = newId("evt");
  await db().event.create({
    data: {
      id,
      workspaceId: ws.workspace.id,
      type,
      data: { lead_id: "lead_x", draft_id: "drf_x", review_url: "http://localhost/review/drafts/drf_x", run_id: "run_x" },
    },
  });
  return id;
}

describe("webhook endpoints", () => {
  it("refuse private and metadata addresses", async () => {
    for (const url of ["http://169.254.169.254/latest/meta-data", "http://10.0.0.1/hook", "ftp://hooks.example.com/x"]) {
      const answer = await call("POST", "/v1/webhook-endpoints", { token: ws.tokens.admin, body: { url } });
      expect(answer.status, url).toBe(422);
      expect((answer.body.errors as { path: string }[])[0].path).toBe("url");
    }
  });
});

describe("signatures", () => {
  it("verify with Stripe's own SDK; a tampered body or an old timestamp fails; during rotation both secrets verify", async () => {
    const receiver = await startReceiver();
    const endpoint = await addEndpoint(receiver.url);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const eventId = await emit();
    const got = await eventually(async () => receiver.received.find((r) => r.headers["x-service-event-id"] === eventId));
    const header = got.headers["x-service-signature"] as string;
    const verified = stripe.webhooks.constructEvent(got.body, header, endpoint.secret);
    expect(verified).toMatchObject({ id: eventId, event: "draft.ready" });
    expect(JSON.parse(got.body)).toEqual({
      event: "draft.ready",
      id: eventId,
      occurred_at: expect.stringMatching(/Z$/),
      data: expect.objectContaining({ draft_id: "drf_x" }),
    });
    expect(got.headers).toMatchObject({ "content-type": "application/json", "x-service-event": "draft.ready", "x-service-delivery-attempt": "1" });

    expect(() => stripe.webhooks.constructEvent(got.body.replace("drf_x", "drf_y"), header, endpoint.secret)).toThrow();
    const old = Math.floor(Date.now() / 1000) - 600;
    expect(() => stripe.webhooks.constructEvent(got.body, signatureHeader([endpoint.secret], old, got.body), endpoint.secret, 300)).toThrow(/tolerance/i);

    const rotated = await call("POST", `/v1/webhook-endpoints/${endpoint.id}/rotate`, { token: ws.tokens.admin });
    const newSecret = rotated.body.secret as string;
    expect(newSecret).not.toBe(endpoint.secret);
    const second = await emit();
    const during = await eventually(async () => receiver.received.find((r) => r.headers["x-service-event-id"] === second));
    const rotatingHeader = during.headers["x-service-signature"] as string;
    expect(rotatingHeader.match(/v1=/g)).toHaveLength(2);
    expect(stripe.webhooks.constructEvent(during.body, rotatingHeader, newSecret)).toMatchObject({ id: second });
    expect(stripe.webhooks.constructEvent(during.body, rotatingHeader, endpoint.secret)).toMatchObject({ id: second });
    const revealed = await call("POST", `/v1/webhook-endpoints/${endpoint.id}/reveal`, { token: ws.tokens.admin });
    expect(revealed.body.secret).toBe(newSecret);

    const test = await call("POST", `/v1/webhook-endpoints/${endpoint.id}/test`, { token: ws.tokens.admin });
    expect(test.status).toBe(202);
    const testDelivery = await eventually(async () => receiver.received.find((r) => r.headers["x-service-event-id"] === test.body.event_id));
    expect(stripe.webhooks.constructEvent(testDelivery.body, testDelivery.headers["x-service-signature"] as string, newSecret)).toMatchObject({
      event: "webhook.test",
    });
    await call("DELETE", `/v1/webhook-endpoints/${endpoint.id}`, { token: ws.tokens.admin });
    await receiver.close();
  });
});

describe("retries and dead letters", () => {
  it("retries on schedule, dead-letters at the window's end, and a replay delivers the same event id", async () => {
    const receiver = await startReceiver();
    receiver.setMode("fail");
    const endpoint = await addEndpoint(receiver.url, ["send.completed"]);
    const eventId = await emit("send.completed");
    const dead = await eventually(
      async () => {
        const list = await call("GET", `/v1/dead-letters?endpoint_id=${endpoint.id}`, { token: ws.tokens.admin });
        return list.body.data!.length ? list.body.data![0] : null;
      },
      { timeoutMs: 20_000 },
    );
    expect(dead).toMatchObject({ endpoint_id: endpoint.id, event: { id: eventId, event: "send.completed" }, attempts: 4, last_error: "HTTP 500" });
    // What was sent and the last answer, for whoever decides whether to replay.
    expect(dead.payload).toEqual({ lead_id: "lead_x", draft_id: "drf_x", review_url: "http://localhost/review/drafts/drf_x", run_id: "run_x" });
    expect(dead.last_response).toEqual({ status_code: 500, body: "receiver broke" });
    const times = receiver.received.map((r) => (r.at - receiver.received[0].at) / 1000);
    expect(times).toHaveLength(4);
    // No attempt comes before its time on the schedule (1 s, then 2 s, the last at the window's end).
    // No upper bounds: a loaded machine only makes them later, and the dead letter arriving within
    // the wait above is the bound that matters.
    expect(times[1]).toBeGreaterThanOrEqual(0.85);
    expect(times[2]).toBeGreaterThanOrEqual(2.6);
    expect(times[3]).toBeGreaterThanOrEqual(5.5);
    expect(receiver.received.map((r) => r.headers["x-service-delivery-attempt"])).toEqual(["1", "2", "3", "4"]);

    receiver.setMode("ok");
    const replay = await call("POST", "/v1/dead-letters/replay", { token: ws.tokens.admin, body: { ids: [dead.id] } });
    expect(replay.body).toEqual({ replayed: 1 });
    const redelivered = await eventually(async () => (receiver.received.length === 5 ? receiver.received[4] : null));
    expect(redelivered.headers["x-service-event-id"]).toBe(eventId);
    expect(JSON.parse(redelivered.body).id).toBe(eventId);
    await eventually(async () => (await db().delivery.findUniqueOrThrow({ where: { id: dead.id as string } })).status === "succeeded");
    expect((await call("GET", "/v1/audit?action=webhook.replayed", { token: ws.tokens.admin })).body.data).toHaveLength(1);
    await call("DELETE", `/v1/webhook-endpoints/${endpoint.id}`, { token: ws.tokens.admin });
    await receiver.close();
  });

  it("counts redirects, huge error bodies and refused connections as failures, and logs each attempt", async () => {
    const redirect = await startReceiver();
    redirect.setMode("redirect");
    const huge = await startReceiver();
    huge.setMode("huge");
    const slow = await startReceiver();
    slow.setMode("slow");
    const closedPort = await freePort();
    const endpoints = [
      await addEndpoint(redirect.url, ["reply.received"]),
      await addEndpoint(huge.url, ["reply.received"]),
      await addEndpoint(`http://127.0.0.1:${closedPort}/hook`, ["reply.received"]),
      await addEndpoint(slow.url, ["reply.received"]),
    ];
    await emit("reply.received");
    const firstAttempt = async (endpointId: string) =>
      eventually(async () => {
        const page = await call("GET", `/v1/webhook-endpoints/${endpointId}/deliveries`, { token: ws.tokens.admin });
        const delivery = page.body.data![0] as { attempts: { status_code: number | null; error: string; response_body: string | null }[] } | undefined;
        return delivery?.attempts.length ? delivery.attempts[0] : null;
      });
    expect(await firstAttempt(endpoints[0].id)).toMatchObject({ status_code: 302, error: "HTTP 302 (redirects are not followed)" });
    const hugeAttempt = await firstAttempt(endpoints[1].id);
    expect(hugeAttempt).toMatchObject({ status_code: 500, error: "HTTP 500" });
    const stored = await db().deliveryAttempt.findFirstOrThrow({ where: { delivery: { endpointId: endpoints[1].id } } });
    expect(stored.responseBody!.length).toBe(16 * 1024);
    expect((await firstAttempt(endpoints[2].id)).error).toMatch(/ECONNREFUSED/);
    const late = await firstAttempt(endpoints[3].id);
    expect(late).toMatchObject({ status_code: null, error: "timed out after 10 s" });
    for (const endpoint of endpoints) await call("DELETE", `/v1/webhook-endpoints/${endpoint.id}`, { token: ws.tokens.admin });
    await redirect.close();
    await huge.close();
    await slow.close();
  });

  it("a receiver that is down and comes back gets the event, duplicates carrying the same id", async () => {
    const port = await freePort();
    const endpoint = await addEndpoint(`http://127.0.0.1:${port}/hook`, ["lead.qualified"]);
    const eventId = await emit("lead.qualified");
    await eventually(async () => (await db().deliveryAttempt.count({ where: { delivery: { endpointId: endpoint.id } } })) >= 1);
    const receiver = await startReceiver(port);
    const got = await eventually(async () => receiver.received[0], { timeoutMs: 15_000 });
    expect(got.headers["x-service-event-id"]).toBe(eventId);
    expect(Number(got.headers["x-service-delivery-attempt"])).toBeGreaterThan(1);
    await call("DELETE", `/v1/webhook-endpoints/${endpoint.id}`, { token: ws.tokens.admin });
    await receiver.close();
  });
});
