import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Referrals (contract §13, issue 37): a wrong_person reply that names a colleague gives `referral`;
// one call makes the colleague's lead (referred_by the replying lead) and a one-lead run of the same
// pack, whose first draft names the referrer. A second call starts nothing new. Real worker and SMTP.

let ws: TestWorkspace;
let worker: Spawned;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
const LEADS = [
  { email: "grace@acme.example", first_name: "Grace", last_name: "Hopper", title: "CTO", company: "Acme", industry: "SaaS", employees: "120", country: "US" },
  {
    email: "ada@engines.example",
    first_name: "Ada",
    last_name: "Lovelace",
    title: "VP of Engineering",
    company: "Engines",
    industry: "Software",
    employees: "400",
    country: "GB",
  },
];

beforeAll(async () => {
  ws = await testWorkspace("referrals");
  smtp = await startSmtpSink();
  files = await startFileServer(new Map([["/leads.csv", toCsv(LEADS)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
  const relay = await call("PUT", "/v1/relay", {
    token: ws.tokens.admin,
    body: { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam", username: "sam", password: "relay-secret" },
  });
  expect(relay.status).toBe(200);
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await files?.close();
});

const runStatus = async (runId: string) => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status;

async function sentDraftsOfRun() {
  const created = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` } });
  const runId = created.body.id as string;
  await eventually(async () => (await runStatus(runId)) === "awaiting_review", { timeoutMs: 60_000 });
  const drafts = await db().draft.findMany({ where: { runId }, include: { lead: true } });
  for (const draft of drafts) expect((await call("POST", `/v1/drafts/${draft.id}/approve`, { token: ws.tokens.reviewer, body: {} })).status).toBe(200);
  await eventually(async () => (await db().send.count({ where: { draft: { runId }, acceptedAt: { not: null } } })) === drafts.length, { timeoutMs: 60_000 });
  const sends = await db().send.findMany({ where: { draft: { runId } } });
  const messageIdOf = (email: string) => sends.find((send) => send.draftId === drafts.find((d) => d.lead.email === email)!.id)!.messageId;
  return { runId, messageIdOf, leadOf: (email: string) => drafts.find((d) => d.lead.email === email)!.lead };
}

async function classifiedReply(inReplyTo: string, from: string, text: string) {
  const created = await call("POST", "/v1/replies", {
    token: ws.tokens.admin,
    body: { in_reply_to: inReplyTo, from, subject: "Re: Acme", text, received_at: new Date().toISOString() },
  });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  let reply: Record<string, unknown> = {};
  await eventually(async () => {
    reply = (await call("GET", `/v1/replies/${id}`, { token: ws.tokens.viewer })).body;
    return reply.classification !== null;
  });
  return reply;
}

describe("following a referral", () => {
  it("a wrong_person reply naming a colleague gives the colleague's lead and run; her first draft names the referrer", async () => {
    const { runId, messageIdOf, leadOf } = await sentDraftsOfRun();
    const grace = leadOf("grace@acme.example");
    const reply = await classifiedReply(
      messageIdOf("grace@acme.example"),
      "grace@acme.example",
      "Thanks, but I'm not the right person for this. Please talk to Dana Smith at dana@acme.example, she runs our platform team.",
    );
    expect(reply).toMatchObject({ classification: "wrong_person", referral: { email: "dana@acme.example", name: "Dana Smith", lead_id: null, run_id: null } });

    expect((await call("POST", `/v1/replies/${reply.id}/referral`, { token: ws.tokens.viewer })).status).toBe(403);
    const followed = await call("POST", `/v1/replies/${reply.id}/referral`, { token: ws.tokens.reviewer });
    expect(followed.status).toBe(201);
    expect(followed.headers.get("location")).toBe(`/v1/runs/${followed.body.run_id}`);
    const { lead_id: leadId, run_id: referralRunId } = followed.body as { lead_id: string; run_id: string };

    const dana = await call("GET", `/v1/leads/${leadId}`, { token: ws.tokens.viewer });
    expect(dana.body).toMatchObject({ email: "dana@acme.example", first_name: "Dana", last_name: "Smith", company: "Acme", referred_by: grace.id });
    const run = await call("GET", `/v1/runs/${referralRunId}`, { token: ws.tokens.viewer });
    const original = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
    expect(run.body).toMatchObject({ pack: original.body.pack, campaign_id: original.body.campaign_id });

    // Clicked again (or by a colleague): the same lead and run, nothing new.
    const again = await call("POST", `/v1/replies/${reply.id}/referral`, { token: ws.tokens.reviewer });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ lead_id: leadId, run_id: referralRunId });
    expect(await db().run.count({ where: { workspaceId: ws.workspace.id } })).toBe(2);
    expect((await call("GET", `/v1/replies/${reply.id}`, { token: ws.tokens.viewer })).body.referral).toMatchObject({ lead_id: leadId, run_id: referralRunId });

    await eventually(async () => (await runStatus(referralRunId)) === "awaiting_review", { timeoutMs: 60_000 });
    const draft = await db().draft.findFirstOrThrow({ where: { runId: referralRunId } });
    expect(draft.leadId).toBe(leadId);
    expect(draft.body).toMatch(/Grace Hopper (suggested|mentioned|pointed)/);
    // The referrer's name is a lead source of that sentence, so it is no unsupported claim.
    const api = await call("GET", `/v1/drafts/${draft.id}`, { token: ws.tokens.viewer });
    const checks = api.body.checks as { code: string }[];
    expect(checks.map((check) => check.code)).not.toContain("unsupported_claim");

    const audit = await db().auditEntry.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, action: "reply.referral_followed" } });
    expect(audit.data).toMatchObject({ email: "dana@acme.example", lead_id: leadId, run_id: referralRunId, referred_by: grace.id });
  });

  it("a reply that names no one else is 409 no_referral; an unknown reply 404; a suppressed address 409", async () => {
    const { messageIdOf } = await sentDraftsOfRun();
    const refusal = await classifiedReply(messageIdOf("ada@engines.example"), "ada@engines.example", "Not interested, thanks.");
    expect(refusal.referral).toBeNull();
    const none = await call("POST", `/v1/replies/${refusal.id}/referral`, { token: ws.tokens.reviewer });
    expect(none.status).toBe(409);
    expect(none.body).toMatchObject({ code: "no_referral" });
    expect((await call("POST", "/v1/replies/rpl_01jd0000000000000000000000/referral", { token: ws.tokens.reviewer })).status).toBe(404);

    const suppressed = await call("POST", "/v1/suppressions", { token: ws.tokens.admin, body: { email: "ops@engines.example", reason: "asked" } });
    expect([200, 201]).toContain(suppressed.status);
    const pointing = await classifiedReply(
      messageIdOf("ada@engines.example"),
      "ada@engines.example",
      "Wrong person, sorry. Please write to ops@engines.example.",
    );
    expect(pointing).toMatchObject({ classification: "wrong_person", referral: { email: "ops@engines.example", name: null } });
    const refused = await call("POST", `/v1/replies/${pointing.id}/referral`, { token: ws.tokens.reviewer });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toContain("suppression list");
  });
});
