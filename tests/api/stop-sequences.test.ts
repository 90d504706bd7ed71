import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { UNDO_MARGIN_MS, undoWindowMs } from "@/lib/sending/send-window";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";
import { startSmtpSink } from "../helpers/smtp-sink";
import { sameOrigin, signInAs } from "../helpers/web-session";

// Issue 26, "a reviewer can stop … all leads of a run": POST /v1/runs/{id}/stop-sequences with a
// real worker and SMTP server. Three leads get step 1 sent and step 2 drafted; one step 2 is
// approved in the web app (its send waits out the undo window) when a reviewer stops them all:
// every sequence ends `stopped`, every follow-up not sent is `canceled` (the approved one too), one
// lead.sequence_ended per lead, one audit entry with the count, nothing is sent afterwards, and a
// second call changes nothing. A viewer is refused; a run without steps answers 409 no_sequence.

const WAIT = "PT3S";
let ws: TestWorkspace;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
let worker: Spawned;
let session: Record<string, string>;

/** Three leads that qualify: the good fixtures again under addresses of their own. */
const LEADS = Array.from({ length: 3 }, (_, i) => ({ ...GOOD_LEADS[i % GOOD_LEADS.length], email: `lead${i}@stopall${i}.example` }));

beforeAll(async () => {
  ws = await testWorkspace("stop-sequences");
  smtp = await startSmtpSink();
  files = await startFileServer(new Map([["/leads.csv", toCsv(LEADS)]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 60_000 });
  const relay = { host: "127.0.0.1", port: smtp.port, from_email: "sam@leadpipe.example", from_name: "Sam" };
  expect((await call("PUT", "/v1/relay", { token: ws.tokens.admin, body: relay })).status).toBe(200);
  session = sameOrigin(await signInAs(ws.users.reviewer));
}, 90_000);

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await smtp?.close();
  await files?.close();
});

type Draft = { id: string; lead_id: string; step: number; status: string };
type RunLead = { lead: { id: string }; state: string; sequence: { step: number; status: string; ended_reason: string | null } | null };

const drafts = async (runId: string) =>
  (await call("GET", `/v1/drafts?run_id=${runId}&limit=100`, { token: ws.tokens.viewer })).body.data as unknown as Draft[];
const runLeads = async (runId: string) =>
  (await call("GET", `/v1/runs/${runId}/leads?limit=100`, { token: ws.tokens.viewer })).body.data as unknown as RunLead[];
const endedEvents = () => db().event.findMany({ where: { workspaceId: ws.workspace.id, type: "lead.sequence_ended" } });
const audits = () => db().auditEntry.findMany({ where: { workspaceId: ws.workspace.id, action: "run.sequences_stopped" } });

describe("POST /v1/runs/{id}/stop-sequences", () => {
  it("ends every sequence still going in a run, once, and nothing is sent afterwards", async () => {
    const created = await call("POST", "/v1/campaigns", {
      token: ws.tokens.admin,
      body: { name: "Stop them all", pack: "saas-outbound", steps: [{}, { wait: WAIT, prompt: "follow_up" }, { wait: WAIT }] },
    });
    expect(created.status).toBe(201);
    const run = await call("POST", "/v1/runs", {
      token: ws.tokens.admin,
      body: { pack: "saas-outbound", campaign_id: created.body.id, leads_csv_url: `${files.url}/leads.csv` },
    });
    expect(run.status).toBe(202);
    const runId = run.body.id as string;
    const stop = (token: string) => call("POST", `/v1/runs/${runId}/stop-sequences`, { token });

    // A run without later steps has no sequence to stop; an unknown run is 404; a viewer may not.
    const plain = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: `${files.url}/leads.csv` } });
    const noSteps = await call("POST", `/v1/runs/${plain.body.id as string}/stop-sequences`, { token: ws.tokens.reviewer });
    expect(noSteps.status).toBe(409);
    expect(noSteps.body.code).toBe("no_sequence");
    expect((await call("POST", `/v1/runs/run_${"0".repeat(26)}/stop-sequences`, { token: ws.tokens.reviewer })).status).toBe(404);

    // Step 1 approved over the API and sent; step 2 drafted for all three once its wait has passed.
    const firsts = await eventually(
      async () => {
        const all = await drafts(runId);
        return all.length === 3 && all.every((d) => d.status === "awaiting_review") ? all : null;
      },
      { timeoutMs: 60_000 },
    );
    for (const draft of firsts) expect((await call("POST", `/v1/drafts/${draft.id}/approve`, { token: ws.tokens.reviewer, body: {} })).status).toBe(200);
    await eventually(async () => smtp.mails.length === 3, { timeoutMs: 30_000 });
    const seconds = await eventually(
      async () => {
        const all = (await drafts(runId)).filter((d) => d.step === 2);
        return all.length === 3 && all.every((d) => d.status === "awaiting_review") ? all : null;
      },
      { timeoutMs: 30_000 },
    );
    // One follow-up approved in the web app: its send waits out the undo window, not yet on its way.
    expect((await call("POST", `/api/web/drafts/${seconds[0].id}/approve`, { token: null, headers: session, body: {} })).status).toBe(200);

    expect((await stop(ws.tokens.viewer)).status).toBe(403);
    expect(await endedEvents()).toHaveLength(0);

    const stopped = await stop(ws.tokens.reviewer);
    expect(stopped.status).toBe(200);
    expect(stopped.body.id).toBe(runId); // the run, as GET /v1/runs/{id}
    expect((stopped.body.counts as { steps: unknown[] }).steps).toContainEqual(expect.objectContaining({ step: 2, drafted: 3, sent: 0, canceled: 3 }));
    expect(stopped.body.status).not.toBe("canceled"); // the run itself is not canceled
    for (const row of await runLeads(runId)) {
      expect(row.state).toBe("stopped");
      expect(row.sequence).toMatchObject({ step: 2, status: "finished", ended_reason: "stopped" });
    }
    expect((await drafts(runId)).filter((d) => d.step === 2).map((d) => d.status)).toEqual(["canceled", "canceled", "canceled"]);
    expect(await db().send.count({ where: { draftId: { in: seconds.map((d) => d.id) } } })).toBe(0);

    const ended = await endedEvents();
    expect(ended).toHaveLength(3);
    expect(new Set(ended.map((event) => (event.data as { lead_id: string }).lead_id)).size).toBe(3);
    expect(ended.every((event) => (event.data as { reason: string; run_id: string }).reason === "stopped")).toBe(true);
    const entries = await audits();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ targetType: "run", targetId: runId, data: { count: 3 } });

    // Nothing goes out afterwards: not the approved follow-up once its undo window has passed, nor a later step.
    await new Promise((resolve) => setTimeout(resolve, undoWindowMs() + UNDO_MARGIN_MS + 2_000));
    expect(smtp.mails).toHaveLength(3);
    expect((await drafts(runId)).filter((d) => d.step === 3)).toHaveLength(0);

    // A second call: nothing going, nothing changes.
    const again = await stop(ws.tokens.reviewer);
    expect(again.status).toBe(200);
    expect(await endedEvents()).toHaveLength(3);
    expect(await audits()).toHaveLength(1);
    await eventually(async () => ((await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "completed" ? true : null), {
      timeoutMs: 15_000,
    });
  }, 180_000);
});
