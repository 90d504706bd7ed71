import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, POOR_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Runs end to end on the built-in `local` provider: the API creates them, a real worker process
// imports (over http from a loopback server, from an S3-compatible server, or an upload) and
// carries the leads through extract_signals → qualify → draft_email.

let ws: TestWorkspace;
let worker: Spawned;
let files: Awaited<ReturnType<typeof startFileServer>>;
let s3: S3rver;
const fileMap = new Map<string, string>();
const S3_ENV = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "true" };

beforeAll(async () => {
  ws = await testWorkspace("pipeline");
  files = await startFileServer(fileMap);
  const s3Port = await freePort();
  s3 = new S3rver({ port: s3Port, address: "127.0.0.1", silent: true, directory: mkdtempSync(path.join(os.tmpdir(), "s3rver-")) });
  await s3.run();
  const client = new S3Client({
    endpoint: `http://127.0.0.1:${s3Port}`,
    forcePathStyle: true,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: "leads" }));
  await client.send(new PutObjectCommand({ Bucket: "leads", Key: "march/list.csv", Body: toCsv([...GOOD_LEADS, ...POOR_LEADS]) }));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port), S3_ENDPOINT: `http://127.0.0.1:${s3Port}`, ...S3_ENV, CSV_MAX_BYTES: "4000" });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await files?.close();
  await s3?.close();
});

async function startRun(body: Record<string, unknown>) {
  const answer = await call("POST", "/v1/runs", { token: ws.tokens.admin, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  expect(answer.headers.get("location")).toBe(`/v1/runs/${answer.body.id}`);
  return answer.body.id as string;
}

async function settled(runId: string) {
  return eventually(
    async () => {
      const run = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
      return ["completed", "awaiting_review", "failed", "canceled"].includes(run.body.status as string) ? run.body : null;
    },
    { timeoutMs: 30_000 },
  );
}

async function runLeads(runId: string) {
  const page = await call("GET", `/v1/runs/${runId}/leads?limit=100`, { token: ws.tokens.viewer });
  return page.body.data as {
    lead: { email: string; signals: Record<string, unknown> | null; qualification: { qualified: boolean } | null };
    stage: string;
    state: string;
    reason: { code: string } | null;
    draft_id: string | null;
  }[];
}

describe("a run from a CSV over http", () => {
  it("qualifies and rejects with reasons, drafts for review, lists bad rows, and fills the outbox", async () => {
    const badRows = ",No Email,,,,,,\r\nnot-an-email,Bad,,,,,,\r\nada@engines.example,Dup,,,,,,\r\n";
    fileMap.set("/leads.csv", toCsv([...GOOD_LEADS, ...POOR_LEADS], badRows));
    const runId = await startRun({ pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` });
    const run = await settled(runId);
    expect(run).toMatchObject({
      status: "awaiting_review",
      stop_after: null,
      error: null,
      counts: { rows: 8, imported: 5, invalid_rows: 3, qualified: 3, rejected: 2, drafted: 3 },
    });

    const leads = await runLeads(runId);
    const byEmail = new Map(leads.map((entry) => [entry.lead.email, entry]));
    for (const good of GOOD_LEADS) {
      expect(byEmail.get(good.email)).toMatchObject({ stage: "draft_email", state: "awaiting_review", reason: null });
      expect(byEmail.get(good.email)!.draft_id).toMatch(/^drf_/);
      expect(byEmail.get(good.email)!.lead.qualification).toMatchObject({ qualified: true });
    }
    for (const poor of POOR_LEADS)
      expect(byEmail.get(poor.email)).toMatchObject({ stage: "qualify", state: "rejected", reason: { code: "not_icp" }, draft_id: null });

    const errors = await call("GET", `/v1/runs/${runId}/errors`, { token: ws.tokens.viewer });
    expect(errors.body.data).toEqual([
      { row: 7, code: "missing_email", message: "The row has no email.", raw: ",No Email,,,,,," },
      { row: 8, code: "invalid_email", message: expect.stringContaining("not a valid email"), raw: "not-an-email,Bad,,,,,," },
      { row: 9, code: "duplicate_email", message: expect.stringContaining("earlier in the file"), raw: "ada@engines.example,Dup,,,,,," },
    ]);

    const events = await db().event.findMany({ where: { workspaceId: ws.workspace.id, data: { path: ["run_id"], equals: runId } }, orderBy: { id: "asc" } });
    const types = events.map((event) => event.type);
    expect(types.filter((t) => t === "lead.qualified")).toHaveLength(3);
    expect(types.filter((t) => t === "lead.rejected")).toHaveLength(2);
    expect(types.filter((t) => t === "draft.ready")).toHaveLength(3);
    const ready = events.find((event) => event.type === "draft.ready")!.data as Record<string, string>;
    expect(Object.keys(ready).sort()).toEqual(["draft_id", "kind", "lead_id", "reply_id", "review_url", "run_id", "sender_id", "step"]);
    expect(ready).toMatchObject({ kind: "first", reply_id: null, step: 1 });
    expect(ready.review_url).toBe(`${process.env.APP_URL}/review/drafts/${ready.draft_id}`);
    const rejected = events.find((event) => event.type === "lead.rejected")!.data as Record<string, unknown>;
    expect(rejected).toMatchObject({ run_id: runId, stage: "qualify", reason: { code: "not_icp" } });
    const qualified = events.find((event) => event.type === "lead.qualified")!.data as Record<string, unknown>;
    expect(Object.keys(qualified).sort()).toEqual(["lead_id", "reasons", "run_id", "score"]);

    const traces = await db().stageTrace.count({ where: { runId } });
    expect(traces).toBe(5 + 5 + 3);
    const draft = await db().draft.findFirstOrThrow({ where: { runId, lead: { email: "ada@engines.example" } } });
    // draft_email v1.5.0 with no offer set: the subject is put to the company (a frame picked by her
    // email), the body opens with the lead's note ("Hiring engineers") said to her.
    expect(draft.subject).toBe("A note for the team at Engines");
    expect(draft.body).toMatch(/^Hi Ada,\n\nWhen I saw that you are hiring engineers, I wanted to get in touch\.\n/);
  });
});

describe("stop_after", () => {
  it("extract_signals: every lead stops with signals and nothing more", async () => {
    const runId = await startRun({ pack: "saas-outbound", leads_csv_url: "s3://leads/march/list.csv", stop_after: "extract_signals" });
    expect(await settled(runId)).toMatchObject({ status: "completed", counts: { imported: 5, qualified: 0, drafted: 0 } });
    const leads = await runLeads(runId);
    expect(leads.every((entry) => entry.state === "stopped" && entry.stage === "extract_signals")).toBe(true);
  });

  it("qualify (from an S3-compatible store): qualified leads stop, poor ones are rejected, no drafts", async () => {
    const runId = await startRun({ pack: "saas-outbound", leads_csv_url: "s3://leads/march/list.csv", stop_after: "qualify" });
    expect(await settled(runId)).toMatchObject({ status: "completed", counts: { qualified: 3, rejected: 2, drafted: 0 } });
    const states = (await runLeads(runId)).map((entry) => entry.state).sort();
    expect(states).toEqual(["rejected", "rejected", "stopped", "stopped", "stopped"]);
  });

  it("draft_email (uploaded as multipart): drafts are made and the run completes", async () => {
    const form = new FormData();
    form.set("pack", "saas-outbound");
    form.set("stop_after", "draft_email");
    form.set("file", new Blob([toCsv(GOOD_LEADS)], { type: "text/csv" }), "upload.csv");
    const response = await fetch(`${(await import("vitest")).inject("apiUrl")}/v1/runs`, {
      method: "POST",
      headers: { authorization: `Bearer ${ws.tokens.admin}` },
      body: form,
    });
    expect(response.status).toBe(202);
    const runId = ((await response.json()) as { id: string }).id;
    expect(await settled(runId)).toMatchObject({ status: "completed", leads_csv_url: null, counts: { imported: 3, drafted: 3 } });
    const leads = await runLeads(runId);
    expect(leads.every((entry) => entry.state === "stopped" && entry.stage === "draft_email" && entry.draft_id)).toBe(true);
    expect(await db().runUpload.count({ where: { runId } })).toBe(0);
  });
});

describe("prompt pins", () => {
  it("run pins beat pack pins, which beat production", async () => {
    const fork = await call("POST", "/v1/packs/saas-outbound/fork", { token: ws.tokens.admin, body: { slug: "pinned-pack" } });
    expect(fork.status).toBe(201);
    await call("PATCH", "/v1/packs/pinned-pack", { token: ws.tokens.admin, body: { prompts: { draft_email: "draft_email:v1.0.0" } } });
    const versionOf = async (runId: string) => {
      const draft = await db().draft.findFirstOrThrow({ where: { runId }, include: { promptVersion: true } });
      return draft.promptVersion!.version;
    };
    const production = await startRun({ pack: "saas-outbound", leads_csv_url: "s3://leads/march/list.csv", stop_after: "draft_email" });
    const packPinned = await startRun({ pack: "pinned-pack", leads_csv_url: "s3://leads/march/list.csv", stop_after: "draft_email" });
    const runPinned = await startRun({
      pack: "pinned-pack",
      leads_csv_url: "s3://leads/march/list.csv",
      stop_after: "draft_email",
      pins: { draft_email: "draft_email:v1.1.0" },
    });
    for (const id of [production, packPinned, runPinned]) await settled(id);
    expect(await versionOf(production)).toBe("v1.5.0");
    expect(await versionOf(packPinned)).toBe("v1.0.0");
    expect(await versionOf(runPinned)).toBe("v1.1.0");
    const run = await call("GET", `/v1/runs/${runPinned}`, { token: ws.tokens.viewer });
    expect(run.body.pins).toEqual({ draft_email: { name: "draft_email", version: "v1.1.0" } });
  });
});

describe("bad input", () => {
  it("refuses a bad pack, a private URL, a bad scheme and bad pins with 422 on each field", async () => {
    const answer = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "nope", leads_csv_url: "http://10.0.0.1/leads.csv", pins: { qualify: "qualify:v9.9.9" } },
    });
    expect(answer.status).toBe(422);
    expect((answer.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["pack"]); // the pack is checked before the source
    const privateUrl = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: "http://10.0.0.1/leads.csv" } });
    expect((privateUrl.body.errors as { path: string }[]).map((e) => e.path)).toEqual(["leads_csv_url"]);
    const pins = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "saas-outbound", leads_csv_url: "s3://leads/x.csv", pins: { qualify: "qualify:v9.9.9" } },
    });
    expect((pins.body.errors as { path: string }[])[0].path).toBe("pins.qualify");
    const scheme = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: "ftp://files.example.com/x.csv" } });
    expect(scheme.status).toBe(422);
    const stop = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "saas-outbound", leads_csv_url: "s3://leads/x.csv", stop_after: "review" },
    });
    expect((stop.body.errors as { path: string }[])[0].path).toBe("stop_after");
  });

  it("fails the run clearly for a missing file, a missing email column and an oversize file", async () => {
    const missing = await settled(await startRun({ pack: "saas-outbound", leads_csv_url: "s3://leads/none.csv" }));
    expect(missing).toMatchObject({ status: "failed", error: { code: "csv_not_found" } });
    fileMap.set("/no-email.csv", "name,company\r\nAda,Engines\r\n");
    const noEmail = await settled(await startRun({ pack: "saas-outbound", leads_csv_url: `${files.url}/no-email.csv` }));
    expect(noEmail).toMatchObject({ status: "failed", error: { code: "csv_missing_email_column" } });
    fileMap.set("/big.csv", toCsv(Array.from({ length: 200 }, (_, i) => ({ email: `p${i}@big.example`, notes: "x".repeat(30) }))));
    const big = await settled(await startRun({ pack: "saas-outbound", leads_csv_url: `${files.url}/big.csv` }));
    expect(big).toMatchObject({ status: "failed", error: { code: "csv_too_large", message: expect.stringContaining("4000 bytes") } });
  });

  it("imports the good rows around a broken quote", async () => {
    fileMap.set("/broken.csv", 'email,first_name\r\na1@x.example,A\r\nb1@x.example,"B "broken" quote"\r\nc1@x.example,"multi\nline"\r\n');
    const runId = await startRun({ pack: "saas-outbound", leads_csv_url: `${files.url}/broken.csv`, stop_after: "extract_signals" });
    expect(await settled(runId)).toMatchObject({ status: "completed", counts: { rows: 3, imported: 2, invalid_rows: 1 } });
    const errors = await call("GET", `/v1/runs/${runId}/errors`, { token: ws.tokens.viewer });
    expect(errors.body.data).toEqual([{ row: 3, code: "malformed_row", message: expect.any(String), raw: expect.stringContaining("b1@x.example") }]);
  });
});

describe("campaigns", () => {
  it("a campaign pinning a fork gates its runs until a reviewer approves it, and its pins apply", async () => {
    await call("POST", "/v1/prompts/draft_email/fork", { token: ws.tokens.admin, body: { from: "v1.2.0", as: "v1.2.0-camp", system: "Warmer, please." } });
    const forkName = `draft_email@${ws.workspace.slug}`;
    const created = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Spring", pack: "saas-outbound", pins: { draft_email: `${forkName}:v1.2.0-camp` } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: "draft",
      needs_approval: true,
      forks: [{ stage: "draft_email", name: forkName, version: "v1.2.0-camp", parent: { name: "draft_email", version: "v1.2.0" } }],
    });
    expect((created.body.forks as { diff: string }[])[0].diff).toContain("+Warmer, please.");
    const campaignId = created.body.id as string;

    const blocked = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "saas-outbound", leads_csv_url: "s3://leads/march/list.csv", campaign_id: campaignId },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe("campaign_not_approved");

    expect((await call("POST", `/v1/campaigns/${campaignId}/approve`, { token: ws.tokens.viewer })).status).toBe(403);
    const approved = await call("POST", `/v1/campaigns/${campaignId}/approve`, { token: ws.tokens.reviewer });
    expect(approved.body).toMatchObject({ status: "approved", approved_by: ws.users.reviewer.id });
    const audit = await call("GET", "/v1/audit?action=campaign.approved", { token: ws.tokens.viewer });
    expect(audit.body.data![0].diff).toContain("+Warmer, please.");

    const runId = await startRun({ pack: "saas-outbound", leads_csv_url: "s3://leads/march/list.csv", campaign_id: campaignId, stop_after: "draft_email" });
    await settled(runId);
    const draft = await db().draft.findFirstOrThrow({ where: { runId }, include: { promptVersion: true } });
    expect(draft.promptVersion!.version).toBe("v1.2.0-camp");

    const changed = await call("PATCH", `/v1/campaigns/${campaignId}`, {
      token: ws.tokens.admin,
      body: { pins: { draft_email: `${forkName}:v1.2.0-camp`, qualify: "qualify:v1.0.0" } },
    });
    expect(changed.body.status).toBe("draft");
    expect(
      (
        await call("POST", "/v1/runs", {
          token: ws.tokens.admin,
          body: { pack: "saas-outbound", leads_csv_url: "s3://leads/march/list.csv", campaign_id: campaignId },
        })
      ).status,
    ).toBe(409);
  });
});
