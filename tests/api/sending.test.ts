import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { retrySend } from "@/lib/drafts/retry-send";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Sending against real servers (a worker process, an SMTP server on loopback): approvals made with
// no relay wait and go out once one is saved; every mail carries the one-click unsubscribe link
// (RFC 8058), whose POST suppresses the address so the next send to it is refused; the suppression
// list over /v1; a send the relay refused can be retried; subject and body size limits.

let ws: TestWorkspace;
let worker: Spawned;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
const refuse: string[] = [];
const actor = { type: "system" as const, id: "tests", name: "tests" };

beforeAll(async () => {
  ws = await testWorkspace("sending");
  smtp = await startSmtpSink({ refuse });
  files = await startFileServer(new Map([["/leads.csv", toCsv(GOOD_LEADS)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
}, 90_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await files?.close();
});

async function awaitingReview() {
  const created = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` } });
  const runId = created.body.id as string;
  await eventually(async () => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "awaiting_review", { timeoutMs: 60_000 });
  return runId;
}

async function draftFor(runId: string, email: string) {
  const lead = await db().lead.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, email } });
  return db().draft.findFirstOrThrow({ where: { runId, leadId: lead.id } });
}

const runLeadOf = (runId: string, leadId: string) => db().runLead.findFirstOrThrow({ where: { runId, leadId } });
const approve = (draftId: string, body: Record<string, unknown> = {}) => call("POST", `/v1/drafts/${draftId}/approve`, { token: ws.tokens.reviewer, body });

describe("sending", () => {
  it("approval with no relay waits; saving a relay sends it with no further click and the lead ends done", async () => {
    const runId = await awaitingReview();
    const ada = await draftFor(runId, "ada@engines.example");
    expect((await approve(ada.id)).status).toBe(200);
    const waiting = await eventually(async () => {
      const draft = await call("GET", `/v1/drafts/${ada.id}`, { token: ws.tokens.viewer });
      return (draft.body.send as { status: string } | null)?.status === "waiting_relay" ? draft.body : null;
    });
    expect(waiting.status).toBe("approved");
    expect((await runLeadOf(runId, ada.leadId)).state).toBe("running");
    expect(smtp.mails).toHaveLength(0);

    const relay = await call("PUT", "/v1/relay", {
      token: ws.tokens.admin,
      body: { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam" },
    });
    expect(relay.status).toBe(200);
    await eventually(async () => (await runLeadOf(runId, ada.leadId)).state === "done");
    expect(smtp.mails).toHaveLength(1);
    const mail = smtp.mails[0];
    expect(mail.to).toEqual(["ada@engines.example"]);
    expect(mail.headers.get("from")).toBe("Sam <sam@leadpipe.example>");
    const send = await db().send.findUniqueOrThrow({ where: { draftId: ada.id } });
    expect(send).toMatchObject({ status: "sent", confirmed: true });
    expect(mail.headers.get("message-id")).toBe(send.messageId);
    expect(send.messageId).toMatch(/@leadpipe\.example>$/);
    expect(mail.headers.get("list-unsubscribe")).toMatch(/^<https?:\/\/[^>]+\/unsubscribe\/u1\.[^>]+>, <mailto:sam@leadpipe\.example\?subject=unsubscribe>$/);
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
  }, 120_000);

  it("the one-click unsubscribe POST suppresses the address at once, and the next send to it is refused", async () => {
    const link = /<(https?:\/\/[^>]+)>/.exec(smtp.mails[0].headers.get("list-unsubscribe")!)![1];
    const path = new URL(link).pathname;
    const asked = await call("GET", path);
    expect(asked.status).toBe(200);
    expect(await db().suppression.count({ where: { workspaceId: ws.workspace.id } })).toBe(0); // a GET (a link scanner) changes nothing
    const posted = await call("POST", path, { rawBody: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(posted.status).toBe(200);
    const listed = await call("GET", "/v1/suppressions?email=ADA@engines.example", { token: ws.tokens.viewer });
    expect(listed.body.data).toEqual([expect.objectContaining({ email: "ada@engines.example", source: "unsubscribe_link" })]);
    expect((await call("POST", path.slice(0, -3) + "AAA")).status).toBe(404);
    expect((await call("POST", "/unsubscribe/not-a-token")).status).toBe(404);

    const before = smtp.mails.length;
    const runId = await awaitingReview();
    const ada = await draftFor(runId, "ada@engines.example");
    await approve(ada.id);
    await eventually(async () => {
      const runLead = await runLeadOf(runId, ada.leadId);
      return runLead.state === "rejected" && runLead.reasonCode === "suppressed";
    });
    expect(smtp.mails.length).toBe(before);
  }, 120_000);

  it("keeps a suppression list over /v1, audited, with CSV import", async () => {
    const added = await call("POST", "/v1/suppressions", { token: ws.tokens.admin, body: { email: "Grace@Cobol.example", reason: "Asked by phone" } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: "grace@cobol.example", reason: "Asked by phone", source: "manual" });
    expect(added.headers.get("location")).toBe("/v1/suppressions/grace%40cobol.example");
    expect((await call("POST", "/v1/suppressions", { token: ws.tokens.admin, body: { email: "grace@cobol.example", reason: "Again" } })).status).toBe(200);
    expect((await call("POST", "/v1/suppressions", { token: ws.tokens.admin, body: { email: "not an address", reason: "x" } })).status).toBe(422);
    expect((await call("POST", "/v1/suppressions", { token: ws.tokens.reviewer, body: { email: "x@y.example", reason: "x" } })).status).toBe(403);

    const imported = await call("POST", "/v1/suppressions/import", {
      token: ws.tokens.admin,
      body: { csv: "Email,Reason\nnew1@list.example,Bounced elsewhere\nnot-an-email,x\nnew2@list.example,\ngrace@cobol.example,dup\n" },
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toEqual({ added: 2, already: 1, invalid: [{ row: 3, message: "not a valid email address" }] });
    expect((await call("POST", "/v1/suppressions/import", { token: ws.tokens.admin, body: { csv: "name\nx\n" } })).status).toBe(422);

    const page = await call("GET", "/v1/suppressions?limit=2", { token: ws.tokens.viewer });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.has_more).toBe(true);
    const next = await call("GET", `/v1/suppressions?limit=10&cursor=${page.body.next_cursor}`, { token: ws.tokens.viewer });
    expect([...page.body.data!, ...next.body.data!].map((row) => row.email).sort()).toEqual([
      "ada@engines.example",
      "grace@cobol.example",
      "new1@list.example",
      "new2@list.example",
    ]);

    expect((await call("DELETE", "/v1/suppressions/new2%40list.example?reason=Added%20by%20mistake", { token: ws.tokens.admin })).status).toBe(204);
    expect((await call("DELETE", "/v1/suppressions/new2%40list.example", { token: ws.tokens.admin })).status).toBe(404);
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: { startsWith: "suppression." } }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => `${entry.action} ${entry.targetId}`)).toEqual([
      "suppression.added ada@engines.example",
      "suppression.added grace@cobol.example",
      "suppression.added new1@list.example",
      "suppression.added new2@list.example",
      "suppression.removed new2@list.example",
    ]);
    expect(audit[4].data).toEqual({ reason: "Added by mistake" });
  });

  it("a send the relay refused can be retried, and subject and body have size limits", async () => {
    refuse.push("linus@kernel.example");
    const runId = await awaitingReview();
    const linus = await draftFor(runId, "linus@kernel.example");
    expect((await approve(linus.id, { subject: "x".repeat(301) })).status).toBe(422);
    expect((await approve(linus.id, { body: "x".repeat(20_001) })).status).toBe(422);
    expect((await approve(linus.id)).status).toBe(200);
    await eventually(async () => (await runLeadOf(runId, linus.leadId)).reasonCode === "relay_rejected");
    expect((await db().send.findUniqueOrThrow({ where: { draftId: linus.id } })).status).toBe("failed");

    refuse.length = 0;
    const retried = await retrySend(ws.workspace.id, linus.id, actor);
    expect(retried.status).toBe("approved");
    await eventually(async () => (await runLeadOf(runId, linus.leadId)).state === "done");
    expect(smtp.mails.filter((mail) => mail.to.includes("linus@kernel.example"))).toHaveLength(1);
    await expect(retrySend(ws.workspace.id, linus.id, actor)).rejects.toThrow(/Only a send that failed/);
    expect(await db().auditEntry.count({ where: { workspaceId: ws.workspace.id, action: "draft.send_retried" } })).toBe(1);
  }, 120_000);
});
