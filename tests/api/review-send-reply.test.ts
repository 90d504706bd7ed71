import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Review, send and track against real servers: a worker process, an SMTP server on loopback.

let ws: TestWorkspace;
let worker: Spawned;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
const REFUSED = "refuse@engines.example";
const leads = [...GOOD_LEADS, { ...GOOD_LEADS[0], email: REFUSED, first_name: "Rex" }];

beforeAll(async () => {
  ws = await testWorkspace("review");
  smtp = await startSmtpSink({ refuse: [REFUSED] });
  files = await startFileServer(new Map([["/leads.csv", toCsv(leads)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
  const relay = await call("PUT", "/v1/relay", {
    token: ws.tokens.admin,
    body: { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam", username: "sam", password: "relay-secret" },
  });
  expect(relay.status).toBe(200);
  expect(relay.body).toMatchObject({ host: "127.0.0.1", has_password: true, from_name: "Sam" });
  expect(JSON.stringify(relay.body)).not.toContain("relay-secret");
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await files?.close();
});

async function runTo(status: string, body: Record<string, unknown>) {
  const created = await call("POST", "/v1/runs", { token: ws.tokens.admin, body });
  const runId = created.body.id as string;
  await eventually(async () => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === status, { timeoutMs: 30_000 });
  return runId;
}

async function draftFor(runId: string, email: string) {
  const lead = await db().lead.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, email } });
  return db().draft.findFirstOrThrow({ where: { runId, leadId: lead.id } });
}

describe("review, send and reply", () => {
  it("carries approved drafts to the relay, rejects what the relay refuses, and classifies replies", async () => {
    const runId = await runTo("awaiting_review", { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` });
    const queue = await call("GET", `/v1/drafts?status=awaiting_review&run_id=${runId}`, { token: ws.tokens.viewer });
    expect(queue.body.data).toHaveLength(4);

    const ada = await draftFor(runId, "ada@engines.example");
    expect((await call("POST", `/v1/drafts/${ada.id}/approve`, { token: ws.tokens.viewer, body: {} })).status).toBe(403);
    const approved = await call("POST", `/v1/drafts/${ada.id}/approve`, {
      token: ws.tokens.reviewer,
      body: { subject: "Hello Ada", body: "Hi Ada,\n\nEdited by a human.\n\nSam" },
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: "approved", edited: true, subject: "Hello Ada", reviewer: ws.users.reviewer.id });
    expect((await call("POST", `/v1/drafts/${ada.id}/approve`, { token: ws.tokens.reviewer, body: {} })).status).toBe(409);

    const grace = await draftFor(runId, "grace@cobol.example");
    const rejected = await call("POST", `/v1/drafts/${grace.id}/reject`, { token: ws.tokens.reviewer, body: { reason: "Too pushy" } });
    expect(rejected.body).toMatchObject({ status: "rejected", reject_reason: "Too pushy" });
    const linus = await draftFor(runId, "linus@kernel.example");
    await call("POST", `/v1/drafts/${linus.id}/approve`, { token: ws.tokens.reviewer, body: {} });
    const rex = await draftFor(runId, REFUSED);
    await call("POST", `/v1/drafts/${rex.id}/approve`, { token: ws.tokens.reviewer, body: {} });

    await eventually(async () => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "completed", { timeoutMs: 30_000 });
    expect(smtp.mails).toHaveLength(2);
    const mailToAda = smtp.mails.find((mail) => mail.to.includes("ada@engines.example"))!;
    const send = await db().send.findUniqueOrThrow({ where: { draftId: ada.id } });
    expect(mailToAda.headers.get("subject")).toBe("Hello Ada");
    expect(mailToAda.body).toContain("Edited by a human.");
    expect(mailToAda.headers.get("message-id")).toBe(send.messageId);
    expect(mailToAda.headers.get("list-unsubscribe")).toMatch(
      /^<https?:\/\/[^>]+\/unsubscribe\/u1\.[^>]+>, <mailto:sam@leadpipe.example\?subject=unsubscribe>$/,
    );
    expect(mailToAda.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mailToAda.headers.get("from")).toBe("Sam <sam@leadpipe.example>");
    expect(smtp.mails.some((mail) => mail.to.includes(REFUSED))).toBe(false);

    const states = Object.fromEntries(
      (await call("GET", `/v1/runs/${runId}/leads`, { token: ws.tokens.viewer })).body.data!.map((entry) => [
        (entry.lead as { email: string }).email,
        [entry.state, (entry.reason as { code: string } | null)?.code ?? null],
      ]),
    );
    expect(states).toEqual({
      "ada@engines.example": ["done", null],
      "linus@kernel.example": ["done", null],
      "grace@cobol.example": ["rejected", "draft_rejected"],
      [REFUSED]: ["rejected", "relay_rejected"],
    });
    const events = await db().event.findMany({ where: { workspaceId: ws.workspace.id, data: { path: ["run_id"], equals: runId } } });
    const count = (type: string) => events.filter((event) => event.type === type).length;
    expect([count("draft.approved"), count("draft.rejected"), count("send.completed")]).toEqual([3, 1, 2]);
    expect(events.find((event) => event.type === "draft.approved" && (event.data as { draft_id: string }).draft_id === ada.id)!.data).toEqual({
      lead_id: ada.leadId,
      draft_id: ada.id,
      run_id: runId,
      reviewer: ws.users.reviewer.id,
      edited: true,
      step: 1,
      sender_id: null, // no campaign, no senders: the default sender
    });
    expect(events.find((event) => event.type === "send.completed" && (event.data as { draft_id: string }).draft_id === ada.id)!.data).toMatchObject({
      message_id: send.messageId,
      accepted_at: expect.any(String),
    });
    expect(events.some((event) => event.type === "lead.rejected" && (event.data as { stage: string }).stage === "send")).toBe(true);

    const reply = await call("POST", "/v1/replies", {
      token: ws.tokens.admin,
      body: {
        in_reply_to: send.messageId.replace(/[<>]/g, ""),
        from: "ada@engines.example",
        subject: "Re: Hello Ada",
        text: "Please remove me from your list.",
        received_at: new Date().toISOString(),
      },
    });
    expect(reply.status).toBe(201);
    const classified = await eventually(async () => {
      const answer = await call("GET", `/v1/replies/${reply.body.id}`, { token: ws.tokens.viewer });
      return answer.body.classification ? answer.body : null;
    });
    expect(classified).toMatchObject({ classification: "unsubscribe", confidence: 0.73, draft_id: ada.id });
    expect(await db().suppression.count({ where: { workspaceId: ws.workspace.id, emailLower: "ada@engines.example" } })).toBe(1);
    const received = await db().event.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, type: "reply.received" } });
    expect(received.data).toMatchObject({
      lead_id: ada.leadId,
      draft_id: ada.id,
      run_id: runId,
      reply_id: reply.body.id,
      classification: "unsubscribe",
      confidence: 0.73,
    });

    const byDraft = await call("POST", "/v1/replies", {
      token: ws.tokens.admin,
      body: { draft_id: linus.id, from: "linus@kernel.example", text: "Sounds interesting, tell me more.", received_at: new Date().toISOString() },
    });
    await eventually(async () => (await call("GET", `/v1/replies/${byDraft.body.id}`, { token: ws.tokens.viewer })).body.classification === "interested");

    const unknown = await call("POST", "/v1/replies", {
      token: ws.tokens.admin,
      body: { in_reply_to: "<nope@nowhere>", from: "x@y.example", text: "hi", received_at: new Date().toISOString() },
    });
    expect(unknown.status).toBe(422);
    expect((unknown.body.errors as { path: string }[])[0].path).toBe("in_reply_to");
  });

  it("never sends to a suppressed address, nor a draft of a run that stopped after draft_email", async () => {
    const before = smtp.mails.length;
    const runId = await runTo("awaiting_review", { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` });
    const ada = await draftFor(runId, "ada@engines.example");
    await call("POST", `/v1/drafts/${ada.id}/approve`, { token: ws.tokens.reviewer, body: {} });
    await eventually(async () => {
      const runLead = await db().runLead.findFirstOrThrow({ where: { runId, leadId: ada.leadId } });
      return runLead.state === "rejected" && runLead.reasonCode === "suppressed";
    });

    const stopped = await runTo("completed", { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv`, stop_after: "draft_email" });
    const linus = await draftFor(stopped, "linus@kernel.example");
    const approved = await call("POST", `/v1/drafts/${linus.id}/approve`, { token: ws.tokens.reviewer, body: {} });
    expect(approved.body.status).toBe("approved");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.length).toBe(before);
    expect(await db().send.count({ where: { draftId: linus.id } })).toBe(0);
  });
});
