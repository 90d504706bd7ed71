import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startDovecot, type Dovecot } from "../helpers/dovecot";
import { replyMessage } from "../helpers/mailbox-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";

// Issue 28 (contract §12, Experiments) end to end on real parts: a worker process drafts 200 leads
// of a campaign whose step 1 is split between two versions, a second worker process (after the
// first is stopped) drafts them again with the same variants; drafts are approved and sent through
// an SMTP server on loopback; replies arrive in a real Dovecot mailbox that the worker reads and
// classifies; the results show the rates with their intervals and the probability of being best.

let ws: TestWorkspace;
let worker: Spawned;
let workerPort: number;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let dovecot: Dovecot;
let files: Awaited<ReturnType<typeof startFileServer>>;

const A = "draft_email:v1.3.0";
const B = "draft_email:v1.4.0";
const LEADS = Array.from({ length: 200 }, (_, i) => ({ ...GOOD_LEADS[i % 3], email: `person${i}@firm${i}.example`, first_name: `Person${i}` }));

async function startWorker() {
  workerPort = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(workerPort) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${workerPort}/readyz`)).status === 200, { timeoutMs: 30_000 });
}

beforeAll(async () => {
  ws = await testWorkspace("experiments", "team");
  smtp = await startSmtpSink();
  dovecot = await startDovecot(["exp-inbox"]);
  files = await startFileServer(new Map([["/leads.csv", toCsv(LEADS)]]));
  await startWorker();
  const relay = await call("PUT", "/v1/relay", {
    token: ws.tokens.admin,
    body: { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam", username: "sam", password: "relay-secret" },
  });
  expect(relay.status).toBe(200);
  const { username, password } = dovecot.user("exp-inbox");
  const mailbox = await call("PUT", "/v1/mailbox", {
    token: ws.tokens.admin,
    body: { host: "127.0.0.1", port: dovecot.port, secure: false, username, password },
  });
  expect(mailbox.status).toBe(200);
}, 90_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await files?.close();
  await dovecot?.stop();
});

const experimentBody = (campaignId: string, variants: { version: string; weight: number }[]) => ({
  campaign_id: campaignId,
  step: 1,
  variants,
  metric: "positive_reply_rate",
  min_per_variant: 20,
});

async function runTo(statuses: string[], body: Record<string, unknown>) {
  const created = await call("POST", "/v1/runs", { token: ws.tokens.admin, body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  const runId = created.body.id as string;
  await eventually(async () => statuses.includes((await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status as string), {
    timeoutMs: 60_000,
  });
  return runId;
}

describe("experiments", () => {
  let campaignId: string;
  let experimentId: string;
  let firstRun: string;
  const versionIds = new Map<string, string>();

  it("refuses bad bodies with the field named, and an unapproved fork variant with 409 fork_not_approved", async () => {
    const campaign = await call("POST", "/v1/campaigns", { token: ws.tokens.admin, body: { name: "Experiment campaign", pack: "saas-outbound" } });
    expect(campaign.status).toBe(201);
    campaignId = campaign.body.id as string;

    const fork = await call("POST", "/v1/prompts/draft_email/fork", { token: ws.tokens.admin, body: { from: "v1.4.0", as: "v1.4.0-shorter" } });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    const forkPin = `${fork.body.name}:v1.4.0-shorter`;
    const refused = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: experimentBody(campaignId, [
        { version: A, weight: 1 },
        { version: forkPin, weight: 1 },
      ]),
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "fork_not_approved", forks: [{ stage: "draft_email", name: fork.body.name, version: "v1.4.0-shorter" }] });

    const viewer = await call("POST", "/v1/experiments", { token: ws.tokens.viewer, body: experimentBody(campaignId, [{ version: A, weight: 1 }]) });
    expect(viewer.status).toBe(403);
    const one = await call("POST", "/v1/experiments", { token: ws.tokens.reviewer, body: experimentBody(campaignId, [{ version: A, weight: 1 }]) });
    expect(one.status).toBe(422);
    expect(JSON.stringify(one.body.errors)).toContain("variants");
    const wrongStage = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: experimentBody(campaignId, [
        { version: A, weight: 1 },
        { version: "qualify:v1.0.0", weight: 1 },
      ]),
    });
    expect(wrongStage.status).toBe(422);
    expect(wrongStage.body.errors).toEqual([expect.objectContaining({ path: "variants.1.version" })]);
    const noStep = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: {
        ...experimentBody(campaignId, [
          { version: A, weight: 1 },
          { version: B, weight: 1 },
        ]),
        step: 3,
      },
    });
    expect(noStep.status).toBe(422);
    expect(JSON.stringify(noStep.body.errors)).toContain("step");
    expect(await db().experiment.count({ where: { workspaceId: ws.workspace.id } })).toBe(0);
  });

  it("splits 200 leads by the weights, and the same lead gets the same variant after a worker restart", async () => {
    const created = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: experimentBody(campaignId, [
        { version: A, weight: 1 },
        { version: B, weight: 1 },
      ]),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    experimentId = created.body.id as string;
    expect(experimentId).toMatch(/^exp_[0-9a-z]{26}$/);
    expect(created.headers.get("location")).toBe(`/v1/experiments/${experimentId}`);
    expect(created.body).toMatchObject({ status: "running", step: 1, campaign_id: campaignId, winner: null });
    const again = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: experimentBody(campaignId, [
        { version: A, weight: 1 },
        { version: B, weight: 1 },
      ]),
    });
    expect(again.status).toBe(409); // one running experiment per step

    for (const pin of [A, B]) {
      const [name, version] = pin.split(":");
      const row = await db().promptVersion.findFirstOrThrow({ where: { version, prompt: { name } } });
      versionIds.set(pin, row.id);
    }
    firstRun = await runTo(["awaiting_review"], { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv`, campaign_id: campaignId });
    const drafts = await db().draft.findMany({ where: { runId: firstRun }, select: { leadId: true, promptVersionId: true, experimentId: true } });
    expect(drafts).toHaveLength(200);
    expect(drafts.every((draft) => draft.experimentId === experimentId)).toBe(true);
    const onA = drafts.filter((draft) => draft.promptVersionId === versionIds.get(A)).length;
    const onB = drafts.filter((draft) => draft.promptVersionId === versionIds.get(B)).length;
    expect(onA + onB).toBe(200);
    // Weights 1:1 → 100 each; within ±10 % of the leads (the hash is uniform: ~3 standard deviations).
    expect(Math.abs(onA - 100)).toBeLessThanOrEqual(20);

    // A new worker process drafts the same leads again (a second run over them): the same variants.
    worker.child.kill("SIGTERM");
    await worker.exited;
    await startWorker();
    const leadIds = drafts.map((draft) => draft.leadId);
    const secondRun = await runTo(["awaiting_review", "completed"], {
      lead_ids: leadIds,
      pack: "saas-outbound",
      campaign_id: campaignId,
      stop_after: "draft_email",
    });
    const redrafted = await db().draft.findMany({ where: { runId: secondRun }, select: { leadId: true, promptVersionId: true } });
    expect(redrafted).toHaveLength(200);
    const first = new Map(drafts.map((draft) => [draft.leadId, draft.promptVersionId]));
    expect(redrafted.filter((draft) => first.get(draft.leadId) !== draft.promptVersionId)).toEqual([]);
    // The second run's drafts are not reviewed: they are counted as drafted, not sent.
    await db().draft.deleteMany({ where: { runId: secondRun } });
  }, 180_000);

  async function approveAndSend(draftIds: string[]) {
    for (const id of draftIds) expect((await call("POST", `/v1/drafts/${id}/approve`, { token: ws.tokens.reviewer, body: {} })).status).toBe(200);
    await eventually(async () => (await db().draft.count({ where: { id: { in: draftIds }, status: "sent" } })) === draftIds.length, { timeoutMs: 60_000 });
  }
  const byVariant = async (pin: string) =>
    db().draft.findMany({ where: { runId: firstRun, promptVersionId: versionIds.get(pin) }, orderBy: { id: "asc" }, select: { id: true, leadId: true } });

  it("with 5 sends each says there is not enough data, and refuses to conclude without an override reason", async () => {
    await approveAndSend([...(await byVariant(A)).slice(0, 5), ...(await byVariant(B)).slice(0, 5)].map((draft) => draft.id));
    const got = await call("GET", `/v1/experiments/${experimentId}`, { token: ws.tokens.viewer });
    expect(got.status).toBe(200);
    expect(got.body.results).toEqual([
      expect.objectContaining({ version: { name: "draft_email", version: "v1.3.0" }, sent: 5, approved: 5, rejected: 0, replies: 0 }),
      expect.objectContaining({ version: { name: "draft_email", version: "v1.4.0" }, sent: 5 }),
    ]);
    const summary = got.body.summary as { enough_data: boolean; message: string; needs_more_per_variant: number };
    expect(summary.enough_data).toBe(false);
    expect(summary.message).toMatch(/^Not enough data yet: needs ~[\d,]+ more sends per variant to tell a 2-point difference/);
    const refused = await call("POST", `/v1/experiments/${experimentId}/conclude`, { token: ws.tokens.reviewer, body: { winner: A, reason: "Looks better" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "experiment_underpowered", min_per_variant: 20 });
    expect(refused.body.detail).toContain("override_reason");
    expect((await db().experiment.findUniqueOrThrow({ where: { id: experimentId } })).concludedAt).toBeNull();
  });

  it("measures replies read from the mailbox: both rates, intervals containing them, and A best with > 95 %", async () => {
    const [draftsA, draftsB] = [await byVariant(A), await byVariant(B)];
    await approveAndSend([...draftsA.slice(5), ...draftsB.slice(5)].map((draft) => draft.id));
    // 30 % of A's sends and 10 % of B's answer with interest; a few more of each decline.
    const positiveA = Math.round(draftsA.length * 0.3);
    const positiveB = Math.round(draftsB.length * 0.1);
    const replying = [
      ...draftsA.slice(0, positiveA).map((draft) => ({ draft, text: "Tell me more, sounds interesting." })),
      ...draftsA.slice(positiveA, positiveA + 3).map((draft) => ({ draft, text: "Not interested, thanks." })),
      ...draftsB.slice(0, positiveB).map((draft) => ({ draft, text: "Tell me more, sounds interesting." })),
      ...draftsB.slice(positiveB, positiveB + 3).map((draft) => ({ draft, text: "Not interested, thanks." })),
    ];
    const messages = [];
    for (const { draft, text } of replying) {
      const lead = await db().lead.findUniqueOrThrow({ where: { id: draft.leadId } });
      const send = await db().send.findUniqueOrThrow({ where: { draftId: draft.id } });
      messages.push(replyMessage({ leadId: lead.id, email: lead.email, draftId: draft.id, runId: firstRun, messageId: send.messageId }, text));
    }
    await dovecot.appendMany(dovecot.user("exp-inbox").username, messages);
    await eventually(async () => (await db().reply.count({ where: { workspaceId: ws.workspace.id, classification: { not: null } } })) === replying.length, {
      timeoutMs: 90_000,
      everyMs: 500,
    });
    expect(await db().reply.count({ where: { workspaceId: ws.workspace.id, classification: "interested" } })).toBe(positiveA + positiveB);

    const got = await call("GET", `/v1/experiments/${experimentId}`, { token: ws.tokens.viewer });
    const [a, b] = got.body.results as {
      sent: number;
      replies: number;
      positive_replies: number;
      rate: number;
      interval_95: [number, number];
      probability_best: number;
    }[];
    expect([a.sent, b.sent]).toEqual([draftsA.length, draftsB.length]);
    expect([a.positive_replies, b.positive_replies]).toEqual([positiveA, positiveB]);
    expect([a.replies, b.replies]).toEqual([positiveA + 3, positiveB + 3]);
    expect(a.rate).toBeCloseTo(positiveA / draftsA.length, 10);
    expect(b.rate).toBeCloseTo(positiveB / draftsB.length, 10);
    expect(a.interval_95[0]).toBeLessThan(0.3);
    expect(a.interval_95[1]).toBeGreaterThan(0.3);
    expect(b.interval_95[0]).toBeLessThan(0.1);
    expect(b.interval_95[1]).toBeGreaterThan(0.1);
    expect(a.probability_best).toBeGreaterThan(0.95);
    expect(a.probability_best + b.probability_best).toBeCloseTo(1, 10);
    expect((got.body.summary as { enough_data: boolean }).enough_data).toBe(true);

    const listed = await call("GET", `/v1/experiments?campaign_id=${campaignId}`, { token: ws.tokens.viewer });
    expect(listed.body.data!.map((experiment) => experiment.id)).toEqual([experimentId]);
  }, 180_000);

  it("concludes: pins the winner on the campaign's step 1, audited, and stops assigning", async () => {
    const wrong = await call("POST", `/v1/experiments/${experimentId}/conclude`, {
      token: ws.tokens.reviewer,
      body: { winner: "draft_email:v1.0.0", reason: "Not a variant" },
    });
    expect(wrong.status).toBe(422);
    const concluded = await call("POST", `/v1/experiments/${experimentId}/conclude`, {
      token: ws.tokens.reviewer,
      body: { winner: A, reason: "Three times the interested replies" },
    });
    expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
    expect(concluded.body).toMatchObject({
      status: "concluded",
      winner: { name: "draft_email", version: "v1.3.0" },
      reason: "Three times the interested replies",
      override_reason: null,
      concluded_by: ws.users.reviewer.id,
    });
    const campaign = await call("GET", `/v1/campaigns/${campaignId}`, { token: ws.tokens.viewer });
    expect(campaign.body.pins).toEqual({ draft_email: { name: "draft_email", version: "v1.3.0" } });
    const audit = await db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, targetId: experimentId }, orderBy: { id: "asc" } });
    expect(audit.map((entry) => entry.action)).toEqual(["experiment.created", "experiment.concluded"]);
    expect(audit[1].data).toMatchObject({ winner: A, reason: "Three times the interested replies", campaign_id: campaignId });
    expect((await call("POST", `/v1/experiments/${experimentId}/conclude`, { token: ws.tokens.reviewer, body: { winner: A, reason: "again" } })).status).toBe(
      409,
    );
    // A new experiment may start on the step now.
    const next = await call("POST", "/v1/experiments", {
      token: ws.tokens.reviewer,
      body: {
        ...experimentBody(campaignId, [
          { version: A, weight: 3 },
          { version: "draft_email:v1.2.0", weight: 1 },
        ]),
        min_per_variant: 5,
      },
    });
    expect(next.status).toBe(201);
    // Concluding early is possible with an override reason, which is kept.
    const early = await call("POST", `/v1/experiments/${next.body.id}/conclude`, {
      token: ws.tokens.reviewer,
      body: { winner: A, reason: "Keep the winner", override_reason: "The earlier experiment already decided it" },
    });
    expect(early.status).toBe(200);
    expect(early.body).toMatchObject({ override_reason: "The earlier experiment already decided it" });
  });
});
