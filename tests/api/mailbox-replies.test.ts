import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { trackReply } from "@/lib/replies/track-reply";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { sentWorkspace, type SentLead } from "../helpers/mailbox-fixtures";

// /v1/mailbox (write-only password, a connection check against a real dovecot, the worker's
// status apart from the settings) and /v1/replies (list with filters, a reviewer's correction that
// is audited and wins over the classifier).

let ws: TestWorkspace;
let dovecot: Dovecot;
let runId: string;
let leads: SentLead[];

beforeAll(async () => {
  ws = await testWorkspace("mailbox-api");
  dovecot = await startDovecot(["api-inbox"]);
  ({ runId, leads } = await sentWorkspace(ws.workspace.slug, 3, "-api"));
}, 60_000);

afterAll(async () => {
  await dovecot?.stop();
});

describe("/v1/mailbox", () => {
  it("is 404 until saved; keeps the password write-only; checks the connection for real", async () => {
    expect((await call("GET", "/v1/mailbox", { token: ws.tokens.admin })).status).toBe(404);
    expect((await call("GET", "/v1/mailbox", { token: ws.tokens.reviewer })).status).toBe(403);
    const { username, password } = dovecot.user("api-inbox");
    const body = { host: "127.0.0.1", port: dovecot.port, secure: false, username, password: "wrong-password", folders: ["INBOX", "INBOX"] };
    const saved = await call("PUT", "/v1/mailbox", { token: ws.tokens.admin, body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      host: "127.0.0.1",
      port: dovecot.port,
      has_password: true,
      folders: ["INBOX"],
      status: { state: "not_started", last_error: null },
    });
    expect(JSON.stringify(saved.body)).not.toContain("wrong-password");
    const refused = await call("POST", "/v1/mailbox/check", { token: ws.tokens.admin });
    expect(refused.body).toEqual({ ok: false, message: `127.0.0.1:${dovecot.port} refused: login refused` });

    expect((await call("PUT", "/v1/mailbox", { token: ws.tokens.admin, body: { ...body, password } })).status).toBe(200);
    const checked = await call("POST", "/v1/mailbox/check", { token: ws.tokens.admin });
    expect(checked.body).toEqual({ ok: true, message: `Connected to 127.0.0.1:${dovecot.port} as ${username}; INBOX (0 messages); new mail by IDLE.` });

    // Omitting the password keeps it; the audit says what happened to it, never the value.
    expect(
      (await call("PUT", "/v1/mailbox", { token: ws.tokens.admin, body: { host: "127.0.0.1", port: dovecot.port, secure: false, username } })).status,
    ).toBe(200);
    expect((await call("POST", "/v1/mailbox/check", { token: ws.tokens.admin })).body).toMatchObject({ ok: true });
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "mailbox.updated" }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => (entry.data as { password: string }).password)).toEqual(["set", "set", "kept"]);
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it("refuses bad settings with the field named", async () => {
    const bad = await call("PUT", "/v1/mailbox", {
      token: ws.tokens.admin,
      body: { host: "imap.example.com", port: 993, username: "u", folders: ["Bad*Folder"] },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.errors)).toContain("folders");
    // The outbound rule, as for the relay: private and metadata addresses are refused at once.
    for (const host of ["10.1.2.3", "169.254.169.254", "[fd00::1]"]) {
      const refused = await call("PUT", "/v1/mailbox", { token: ws.tokens.admin, body: { host, port: 993, username: "u" } });
      expect(refused.status, host).toBe(422);
      expect(JSON.stringify(refused.body.errors), host).toContain("private or reserved address");
    }
  });

  it("shows the worker's status, which lives apart from the settings", async () => {
    await db().mailboxStatus.create({
      data: { workspaceId: ws.workspace.id, state: "failed", lastError: "connect ECONNREFUSED", lastCheckedAt: new Date("2026-11-24T08:00:00Z") },
    });
    const settingsBefore = await db().mailboxSettings.findUniqueOrThrow({ where: { workspaceId: ws.workspace.id } });
    const got = await call("GET", "/v1/mailbox", { token: ws.tokens.admin });
    expect(got.body.status).toMatchObject({ state: "failed", last_error: "connect ECONNREFUSED", last_checked_at: "2026-11-24T08:00:00.000Z" });
    expect(got.body.updated_at).toBe(settingsBefore.updatedAt.toISOString());
  });
});

describe("/v1/replies", () => {
  let replyIds: string[];

  beforeAll(async () => {
    replyIds = [];
    for (const [i, text] of ["Tell me more, sounds interesting.", "Please take me off your list.", "Out of office until 14 March."].entries()) {
      const created = await call("POST", "/v1/replies", {
        token: ws.tokens.admin,
        body: { draft_id: leads[i].draftId, from: leads[i].email, subject: "Re: Quick question", text, received_at: new Date().toISOString() },
      });
      expect(created.status).toBe(201);
      replyIds.push(created.body.id as string);
      await trackReply(created.body.id as string); // what the track job does
    }
  });

  it("lists replies newest first, filtered by run and classification", async () => {
    const all = await call("GET", `/v1/replies?run_id=${runId}`, { token: ws.tokens.viewer });
    expect(all.status).toBe(200);
    expect(all.body.data!.map((reply) => [reply.id, reply.classification, reply.run_id, reply.source])).toEqual([
      [replyIds[2], "out_of_office", runId, "api"],
      [replyIds[1], "unsubscribe", runId, "api"],
      [replyIds[0], "interested", runId, "api"],
    ]);
    const unsubscribes = await call("GET", "/v1/replies?classification=unsubscribe", { token: ws.tokens.viewer });
    expect(unsubscribes.body.data!.map((reply) => reply.id)).toEqual([replyIds[1]]);
    const paged = await call("GET", `/v1/replies?run_id=${runId}&limit=2`, { token: ws.tokens.viewer });
    expect(paged.body).toMatchObject({ has_more: true });
    const rest = await call("GET", `/v1/replies?run_id=${runId}&limit=2&cursor=${encodeURIComponent(paged.body.next_cursor as string)}`, {
      token: ws.tokens.viewer,
    });
    expect(rest.body.data!.map((reply) => reply.id)).toEqual([replyIds[0]]);
    expect((await call("GET", "/v1/replies?classification=spam", { token: ws.tokens.viewer })).status).toBe(400);
  });

  it("a reviewer's correction is audited, shows what the classifier said, and wins for good", async () => {
    expect((await call("PATCH", `/v1/replies/${replyIds[0]}`, { token: ws.tokens.viewer, body: { classification: "meeting_request" } })).status).toBe(403);
    const corrected = await call("PATCH", `/v1/replies/${replyIds[0]}`, { token: ws.tokens.reviewer, body: { classification: "meeting_request" } });
    expect(corrected.status).toBe(200);
    expect(corrected.body).toMatchObject({
      classification: "meeting_request",
      classifier_classification: "interested",
      corrected_by: ws.users.reviewer.id,
      confidence: 1,
    });
    // Corrected twice: what the classifier said stays.
    const again = await call("PATCH", `/v1/replies/${replyIds[0]}`, { token: ws.tokens.reviewer, body: { classification: "question" } });
    expect(again.body).toMatchObject({ classification: "question", classifier_classification: "interested" });
    const audit = await db().auditEntry.findMany({
      where: { workspaceId: ws.workspace.id, action: "reply.corrected", targetId: replyIds[0] },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => entry.data)).toEqual([
      { from: "interested", to: "meeting_request" },
      { from: "meeting_request", to: "question" },
    ]);

    // The classifier never touches it again, even if its job runs once more.
    await db().reply.update({ where: { id: replyIds[0] }, data: { classifiedAt: null } });
    expect(await trackReply(replyIds[0])).toBe("skipped");
    expect((await call("GET", `/v1/replies/${replyIds[0]}`, { token: ws.tokens.viewer })).body.classification).toBe("question");
  });

  it("a correction to unsubscribe suppresses the address", async () => {
    const corrected = await call("PATCH", `/v1/replies/${replyIds[2]}`, { token: ws.tokens.reviewer, body: { classification: "unsubscribe" } });
    expect(corrected.status).toBe(200);
    const listed = await call("GET", `/v1/suppressions?email=${encodeURIComponent(leads[2].email)}`, { token: ws.tokens.viewer });
    expect(listed.body.data![0]).toMatchObject({ source: "reply" });
    expect((await db().lead.findUniqueOrThrow({ where: { id: leads[2].leadId } })).status).toBe("suppressed");
  });

  it("answers 404 for an unknown reply and 422 for an unknown classification", async () => {
    expect((await call("PATCH", "/v1/replies/rpl_00000000000000000000000000", { token: ws.tokens.reviewer, body: { classification: "other" } })).status).toBe(
      404,
    );
    expect((await call("PATCH", `/v1/replies/${replyIds[1]}`, { token: ws.tokens.reviewer, body: { classification: "spam" } })).status).toBe(422);
  });
});
