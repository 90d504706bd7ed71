import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace } from "../helpers/api-fixtures";

describe("Idempotency-Key", () => {
  it("replays the first answer for the same key and body, creating one resource", async () => {
    const ws = await testWorkspace("idem");
    const send = () => call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "once@example.com" }, headers: { "idempotency-key": "key-1" } });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("location")).toBe(first.headers.get("location"));
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().lead.count({ where: { workspaceId: ws.workspace.id } })).toBe(1);
  });

  it("409 idempotency_conflict for the same key with another body", async () => {
    const ws = await testWorkspace("idem2");
    await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "a@example.com" }, headers: { "idempotency-key": "k" } });
    const other = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "b@example.com" }, headers: { "idempotency-key": "k" } });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("idempotency_conflict");
    expect(await db().lead.count({ where: { workspaceId: ws.workspace.id } })).toBe(1);
  });

  it("does the work once when the same request races", async () => {
    const ws = await testWorkspace("idem3");
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "race@example.com" }, headers: { "idempotency-key": "race" } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 201 || (a.status === 409 && a.body.code === "conflict"))).toBe(true);
    expect(await db().lead.count({ where: { workspaceId: ws.workspace.id } })).toBe(1);
  });

  it("keeps keys per token and does not keep failed answers", async () => {
    const ws = await testWorkspace("idem4");
    const bad = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "nope" }, headers: { "idempotency-key": "k2" } });
    expect(bad.status).toBe(422);
    const fixed = await call("POST", "/v1/leads", { token: ws.tokens.admin, body: { email: "yes@example.com" }, headers: { "idempotency-key": "k2" } });
    expect(fixed.status).toBe(201);
    const otherToken = await ws.newToken();
    const again = await call("POST", "/v1/leads", { token: otherToken, body: { email: "yes@example.com" }, headers: { "idempotency-key": "k2" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("lead_exists");
  });
});
