import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startSmtpSink } from "../helpers/smtp-sink";
import { sameOrigin, signInAs } from "../helpers/web-session";

// A connection check per sender (issue 33): POST /api/web/senders/{id}/check connects and logs in to
// the sender's own relay (its host, port, TLS, username and sealed password), as Settings → SMTP
// relay's "Check connection" does for the default relay, and sends nothing; admins only. And the
// sender's last relay failure on GET /v1/senders/{id} (`last_failure`), cleared by saving its relay.

let ws: TestWorkspace;
let other: TestWorkspace;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let closedPort = 0;
const cookies: Record<"admin" | "reviewer" | "viewer" | "otherAdmin", string> = { admin: "", reviewer: "", viewer: "", otherAdmin: "" };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  ws = await testWorkspace("sender-check");
  other = await testWorkspace("sender-check-other");
  smtp = await startSmtpSink();
  closedPort = await freePort();
  cookies.admin = await signInAs(ws.users.admin);
  cookies.reviewer = await signInAs(ws.users.reviewer);
  cookies.viewer = await signInAs(ws.users.viewer);
  cookies.otherAdmin = await signInAs(other.users.admin);
});

afterAll(async () => {
  await smtp?.close();
});

async function sender(label: string, relay: { port: number; username?: string; password?: string }) {
  const created = await call("POST", "/v1/senders", {
    token: ws.tokens.admin,
    body: { from_email: `${label}@sender-check.example`, relay: { host: "127.0.0.1", secure: false, ...relay } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

const check = (id: string, cookie: string) => call("POST", `/api/web/senders/${id}/check`, { headers: sameOrigin(cookie) });

describe("a sender's connection check", () => {
  it("connects and logs in with the sender's own relay settings and sealed password, and sends nothing", async () => {
    const id = await sender("good", { port: smtp.port, username: "sam", password: "relay-secret" });
    const answer = await check(id, cookies.admin);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ ok: true, message: `Connected to 127.0.0.1:${smtp.port} and logged in as sam.` });
    expect(smtp.mails).toHaveLength(0);
  });

  it("says in words what the server answered: a refused login, a closed port", async () => {
    const wrong = await sender("wrong", { port: smtp.port, username: "sam", password: "not-the-password" });
    const refused = await check(wrong, cookies.admin);
    expect(refused.status).toBe(200);
    expect(refused.body.ok).toBe(false);
    expect(refused.body.message).toMatch(new RegExp(`^127\\.0\\.0\\.1:${smtp.port} refused: .*535 Invalid username or password`));

    const closed = await sender("closed", { port: closedPort });
    const unreachable = await check(closed, cookies.admin);
    expect(unreachable.status).toBe(200);
    expect(unreachable.body).toMatchObject({ ok: false, message: expect.stringMatching(new RegExp(`^127\\.0\\.0\\.1:${closedPort} refused: .*ECONNREFUSED`)) });
  });

  it("is for admins: 403 for a reviewer and a viewer, 404 for another workspace's sender or none", async () => {
    const id = await sender("roles", { port: smtp.port });
    for (const role of ["reviewer", "viewer"] as const) {
      const answer = await check(id, cookies[role]);
      expect(answer.status, role).toBe(403);
      expect(answer.headers.get("content-type")).toBe("application/problem+json");
      expect(answer.body).toMatchObject({ code: "forbidden", detail: `This needs the admin role; you are a ${role}.` });
    }
    expect((await check(id, cookies.otherAdmin)).status).toBe(404);
    expect((await check("sdr_00000000000000000000000000", cookies.admin)).status).toBe(404);
    expect((await check("x".repeat(41), cookies.admin)).status).toBe(404); // no sender has such an id
  });
});

describe("a sender's last relay failure", () => {
  it("is `last_failure` on GET /v1/senders/{id} and the list, null until a send fails, cleared by saving its relay", async () => {
    const id = await sender("failing", { port: smtp.port });
    expect((await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin })).body).toMatchObject({ last_failure: null });
    const at = new Date("2026-11-28T07:30:00.000Z");
    // What the send path writes when the relay cannot be reached (tests/integration/sender-relay-failure.test.ts).
    await db().sender.update({ where: { id }, data: { lastFailure: "127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1", lastFailureAt: at } });
    const failing = { message: "127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1", at: at.toISOString() };
    expect((await call("GET", `/v1/senders/${id}`, { token: ws.tokens.admin })).body).toMatchObject({ last_failure: failing });
    const listed = (await call("GET", "/v1/senders", { token: ws.tokens.admin })).body.data!.find((row) => row.id === id);
    expect(listed).toMatchObject({ last_failure: failing });
    // A change that leaves the relay alone keeps it; new relay settings clear it.
    expect((await call("PATCH", `/v1/senders/${id}`, { token: ws.tokens.admin, body: { daily_cap: 10 } })).body).toMatchObject({ last_failure: failing });
    const saved = await call("PATCH", `/v1/senders/${id}`, { token: ws.tokens.admin, body: { relay: { host: "127.0.0.1", port: smtp.port } } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ last_failure: null });
  });
});
