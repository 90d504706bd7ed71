import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type ApiAnswer, type TestWorkspace } from "../helpers/api-fixtures";

// /v1/sending-policy and resuming a sender (contract §13, "Sender health") over HTTP: defaults,
// admin-only writes, validation as problem+json, health on /senders and /relay, resume of a paused
// sender (audited, sender.resumed) and of one that is not paused (nothing happens). The pause itself
// and what it does to sends are in tests/integration/sender-health.test.ts.

let ws: TestWorkspace;
let other: TestWorkspace;
beforeAll(async () => {
  ws = await testWorkspace("sender-health");
  other = await testWorkspace("sender-health-other");
});

function expectProblem(answer: ApiAnswer, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.headers.get("content-type")).toBe("application/problem+json");
  expect(answer.body.code).toBe(code);
}
const paths = (answer: ApiAnswer) => ((answer.body.errors ?? []) as { path: string }[]).map((error) => error.path);

const senderBody = { from_email: "pat@health.example", relay: { host: "smtp.example.com", port: 587 } };

describe("sending policy", () => {
  it("answers the defaults, saves a policy (admin only, audited) and refuses bad values with 422", async () => {
    const first = await call("GET", "/v1/sending-policy", { token: ws.tokens.admin });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ max_bounce_rate: 0.05, min_sends: 20, updated_at: null });
    expectProblem(await call("GET", "/v1/sending-policy", { token: ws.tokens.viewer }), 403, "forbidden");
    expectProblem(await call("PUT", "/v1/sending-policy", { token: ws.tokens.reviewer, body: { max_bounce_rate: 0.1 } }), 403, "forbidden");

    const saved = await call("PUT", "/v1/sending-policy", { token: ws.tokens.admin, body: { max_bounce_rate: 0.1, min_sends: 50 } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ max_bounce_rate: 0.1, min_sends: 50 });
    expect((await call("GET", "/v1/sending-policy", { token: ws.tokens.admin })).body).toMatchObject({ max_bounce_rate: 0.1, min_sends: 50 });
    expect(await db().auditEntry.count({ where: { workspaceId: ws.workspace.id, action: "sending_policy.updated" } })).toBe(1);
    // Another workspace keeps its defaults.
    expect((await call("GET", "/v1/sending-policy", { token: other.tokens.admin })).body).toMatchObject({ max_bounce_rate: 0.05, min_sends: 20 });

    const bad = await call("PUT", "/v1/sending-policy", { token: ws.tokens.admin, body: { max_bounce_rate: 1.5, min_sends: 0 } });
    expectProblem(bad, 422, "validation_failed");
    expect(paths(bad).sort()).toEqual(["max_bounce_rate", "min_sends"]);
    expectProblem(await call("PUT", "/v1/sending-policy", { token: ws.tokens.admin, body: { max_bounce_rate: 0.1, extra: 1 } }), 422, "validation_failed");
    expectProblem(
      await call("PUT", "/v1/sending-policy", { token: ws.tokens.admin, rawBody: "{not json", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
  });
});

describe("resume", () => {
  it("shows health on senders and the relay; resumes a paused sender with a reason (audited, sender.resumed); 400/403/404/422 as problem+json", async () => {
    const created = await call("POST", "/v1/senders", { token: ws.tokens.admin, body: senderBody });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(created.body.health).toEqual({
      status: "active",
      sends_7d: 0,
      hard_bounces_7d: 0,
      bounce_rate_7d: 0,
      unsubscribes_7d: 0,
      paused_reason: null,
      paused_at: null,
    });
    const relay = await call("PUT", "/v1/relay", { token: ws.tokens.admin, body: { host: "smtp.example.com", port: 587, from_email: "desk@health.example" } });
    expect(relay.body.health).toMatchObject({ status: "active", sends_7d: 0 });

    // Not paused: resuming changes nothing.
    const noop = await call("POST", `/v1/senders/${id}/resume`, { token: ws.tokens.admin, body: { reason: "Just checking" } });
    expect(noop.status).toBe(200);
    expect(noop.body.health).toMatchObject({ status: "active" });
    expect(await db().auditEntry.count({ where: { workspaceId: ws.workspace.id, action: "sender.resumed" } })).toBe(0);

    // Paused (as a bounce would): the list says so, and an admin resumes it.
    const pausedAt = new Date();
    await db().sender.update({ where: { id }, data: { pausedAt, pausedReason: "bounce_rate" } });
    await db().relaySettings.update({ where: { workspaceId: ws.workspace.id }, data: { pausedAt, pausedReason: "bounce_rate" } });
    const listed = await call("GET", "/v1/senders", { token: ws.tokens.admin });
    expect(listed.body.data!.find((sender) => sender.id === id)!.health).toMatchObject({
      status: "paused",
      paused_reason: "bounce_rate",
      paused_at: pausedAt.toISOString(),
    });
    expect((await call("GET", "/v1/relay", { token: ws.tokens.admin })).body.health).toMatchObject({ status: "paused" });

    expectProblem(await call("POST", `/v1/senders/${id}/resume`, { token: ws.tokens.reviewer, body: { reason: "Mine" } }), 403, "forbidden");
    expectProblem(await call("POST", `/v1/senders/${id}/resume`, { token: other.tokens.admin, body: { reason: "Theirs" } }), 404, "not_found");
    expectProblem(
      await call("POST", `/v1/senders/sdr_01aaaaaaaaaaaaaaaaaaaaaaaa/resume`, { token: ws.tokens.admin, body: { reason: "None" } }),
      404,
      "not_found",
    );
    expect(paths(await call("POST", `/v1/senders/${id}/resume`, { token: ws.tokens.admin, body: {} }))).toEqual(["reason"]);
    expectProblem(await call("POST", `/v1/senders/${id}/resume`, { token: ws.tokens.admin, body: { reason: "  " } }), 422, "validation_failed");
    expectProblem(
      await call("POST", `/v1/senders/${id}/resume`, { token: ws.tokens.admin, rawBody: "{", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expect((await db().sender.findUniqueOrThrow({ where: { id } })).pausedAt).not.toBeNull();

    const resumed = await call("POST", `/v1/senders/${id}/resume`, { token: ws.tokens.admin, body: { reason: "Cleaned the list" } });
    expect(resumed.status).toBe(200);
    expect(resumed.body.health).toMatchObject({ status: "active", paused_reason: null, paused_at: null });
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "sender.resumed" } });
    expect(audit.map((entry) => [entry.targetId, (entry.data as { reason: string }).reason])).toEqual([[id, "Cleaned the list"]]);
    const events = await db().event.findMany({ where: { workspaceId: ws.workspace.id, type: "sender.resumed" } });
    expect(events.map((event) => event.data)).toEqual([{ sender_id: id, reason: "Cleaned the list" }]);

    // The default sender: POST /relay/resume.
    expectProblem(await call("POST", "/v1/relay/resume", { token: ws.tokens.viewer, body: { reason: "x" } }), 403, "forbidden");
    const relayResumed = await call("POST", "/v1/relay/resume", { token: ws.tokens.admin, body: { reason: "Fixed DNS" } });
    expect(relayResumed.status).toBe(200);
    expect(relayResumed.body.health).toMatchObject({ status: "active" });
    expect((await db().event.findMany({ where: { workspaceId: ws.workspace.id, type: "sender.resumed" } })).map((event) => event.data)).toContainEqual({
      sender_id: null,
      reason: "Fixed DNS",
    });
    // A workspace without a relay: 404.
    expectProblem(await call("POST", "/v1/relay/resume", { token: other.tokens.admin, body: { reason: "x" } }), 404, "not_found");
  });
});
