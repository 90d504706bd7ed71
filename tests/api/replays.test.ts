import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { GOOD_LEADS, POOR_LEADS, startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startFakeChatServer } from "../helpers/fake-chat-server";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Issue 16, behaviour diff: a finished run's last leads replayed through a prompt version with a
// real worker, without sending or changing anything. The run's own version answers as it did (no
// change); a draft_email fork with another template changes every draft; a qualify fork on a
// hosted model (the loopback chat server, which qualifies everyone) flips the rejected verdicts.

let ws: TestWorkspace;
let worker: Spawned;
let llm: Awaited<ReturnType<typeof startFakeChatServer>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
let runId: string;

type Replay = {
  id: string;
  status: string;
  stage: string;
  lead_count: number;
  changed: number;
  verdicts_changed: number;
  valid: number;
  cost_usd: number;
  results: {
    lead: string;
    lead_id: string;
    run_version: { name: string; version: string } | null;
    before_text: string;
    after_text: string;
    changed: boolean;
    verdict_changed: boolean;
    valid: boolean;
  }[];
};

async function replay(body: Record<string, unknown>): Promise<Replay> {
  const created = await call("POST", "/v1/replays", { token: ws.tokens.reviewer, body: { run_id: runId, ...body } });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  expect(created.headers.get("location")).toBe(`/v1/replays/${created.body.id}`);
  return eventually(
    async () => {
      const answer = await call("GET", `/v1/replays/${created.body.id}`, { token: ws.tokens.viewer });
      expect(answer.body.status, JSON.stringify(answer.body)).not.toBe("failed");
      return answer.body.status === "done" ? (answer.body as unknown as Replay) : null;
    },
    { timeoutMs: 30_000 },
  );
}

/** What a replay must never touch: the run's drafts, sends, events and leads. */
async function footprint() {
  const [drafts, sends, events, traces, leads] = await Promise.all([
    db().draft.count({ where: { workspaceId: ws.workspace.id } }),
    db().send.count({ where: { workspaceId: ws.workspace.id } }),
    db().event.count({ where: { workspaceId: ws.workspace.id } }),
    db().stageTrace.count({ where: { workspaceId: ws.workspace.id } }),
    db().lead.findMany({ where: { workspaceId: ws.workspace.id }, orderBy: { id: "asc" }, select: { id: true, status: true, signals: true } }),
  ]);
  return { drafts, sends, events, traces, leads };
}

beforeAll(async () => {
  ws = await testWorkspace("replays");
  llm = await startFakeChatServer();
  files = await startFileServer(new Map([["/replay.csv", toCsv([...GOOD_LEADS, ...POOR_LEADS])]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
  const run = await call("POST", "/v1/runs", {
    token: ws.tokens.admin,
    body: { pack: "saas-outbound", leads_csv_url: `${files.url}/replay.csv`, stop_after: "draft_email" },
  });
  expect(run.status, JSON.stringify(run.body)).toBe(202);
  runId = run.body.id as string;
  // stop_after draft_email: the leads stop with their drafts written, and the run completes.
  await eventually(async () => (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body.status === "completed", { timeoutMs: 60_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await llm?.close();
  await files?.close();
});

describe("behaviour diff (replays)", () => {
  it("the run's own version answers as the run did: nothing changed", async () => {
    const production = (await call("GET", "/v1/prompts/draft_email", { token: ws.tokens.viewer })).body.version as string;
    const done = await replay({ prompt: "draft_email", version: production });
    expect(done).toMatchObject({ stage: "draft_email", lead_count: 3, changed: 0, valid: 3, cost_usd: 0 });
    for (const result of done.results) {
      expect(result.run_version).toEqual({ name: "draft_email", version: production });
      expect(result.after_text).toBe(result.before_text);
      expect(result.before_text).toMatch(/^Subject: /);
    }
  });

  it("a draft_email fork with another template changes every draft, and nothing is sent, written or emitted", async () => {
    const production = (await call("GET", "/v1/prompts/draft_email", { token: ws.tokens.viewer })).body.version as string;
    const fork = await call("POST", "/v1/prompts/draft_email/fork", {
      token: ws.tokens.admin,
      body: {
        from: production,
        as: `${production}-short`,
        user_template: "Subject: A quick idea for {{company}}\n\nHi {{first_name}},\n\n{{signal_sentence}}\n\nBest,\n{{sender_name}}",
      },
    });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    const before = await footprint();
    const done = await replay({ prompt: `draft_email@${ws.workspace.slug}`, version: `${production}-short`, leads: 2 });
    expect(done).toMatchObject({ lead_count: 2, changed: 2, valid: 2, verdicts_changed: 0 });
    for (const result of done.results) {
      expect(result.changed).toBe(true);
      expect(result.after_text).toMatch(/^Subject: A quick idea for /);
      expect(result.before_text).not.toBe(result.after_text);
    }
    expect(await footprint()).toEqual(before);
    const audit = await call("GET", "/v1/audit?action=replay.created", { token: ws.tokens.viewer });
    expect(audit.body.data!.length).toBe(2);
  });

  it("a qualify fork on a hosted model flips the verdicts the run rejected, with its cost", async () => {
    const provider = await call("POST", "/v1/providers/replayai", {
      token: ws.tokens.admin,
      body: {
        kind: "openai-compatible",
        base_url: llm.url,
        default_model: "test-model",
        api_key: "sk-fake-123",
        max_concurrency: 20,
        input_price_per_mtok_usd: 1,
        output_price_per_mtok_usd: 2,
      },
    });
    expect(provider.status, JSON.stringify(provider.body)).toBe(201);
    const production = (await call("GET", "/v1/prompts/qualify", { token: ws.tokens.viewer })).body.version as string;
    const fork = await call("POST", "/v1/prompts/qualify/fork", {
      token: ws.tokens.admin,
      body: { from: production, as: `${production}-hosted`, model_default: "replayai/test-model" },
    });
    expect(fork.status, JSON.stringify(fork.body)).toBe(201);
    const done = await replay({ prompt: `qualify@${ws.workspace.slug}`, version: `${production}-hosted` });
    expect(done).toMatchObject({ stage: "qualify", lead_count: 5, valid: 5, verdicts_changed: 2 });
    expect(done.cost_usd).toBeGreaterThan(0);
    const flipped = done.results
      .filter((result) => result.verdict_changed)
      .map((result) => result.lead)
      .sort();
    expect(flipped).toEqual(["Bob, Bakery", "Ivy, Engines"]);
    for (const result of done.results.filter((r) => r.verdict_changed)) {
      expect(result.before_text).toMatch(/^Not qualified/);
      expect(result.after_text).toMatch(/^Qualified \(score 88\)/);
    }
  });

  it("refuses what it cannot replay: a run in progress, another workspace's run, track, too many leads", async () => {
    const other = await testWorkspace("replays-other");
    const production = (await call("GET", "/v1/prompts/qualify", { token: ws.tokens.viewer })).body.version as string;
    const foreign = await call("POST", "/v1/replays", { token: other.tokens.reviewer, body: { prompt: "qualify", version: production, run_id: runId } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual([{ path: "run_id", message: "no such run in this workspace" }]);

    // A run row still running (made directly: the test's worker would otherwise finish it).
    const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" }, select: { id: true } });
    const running = await db().run.create({ data: { id: newId("run"), name: "Test run", workspaceId: ws.workspace.id, packId: pack.id, status: "running" } });
    const busy = await call("POST", "/v1/replays", { token: ws.tokens.reviewer, body: { prompt: "qualify", version: production, run_id: running.id } });
    expect(busy.status).toBe(409);
    expect(busy.body.code).toBe("run_in_progress");

    const track = (await call("GET", "/v1/prompts/track", { token: ws.tokens.viewer })).body.version as string;
    const trackReplay = await call("POST", "/v1/replays", { token: ws.tokens.reviewer, body: { prompt: "track", version: track, run_id: runId } });
    expect(trackReplay.status).toBe(422);
    expect(trackReplay.body.errors).toMatchObject([{ path: "prompt" }]);
    expect(
      (await call("POST", "/v1/replays", { token: ws.tokens.reviewer, body: { prompt: "qualify", version: production, run_id: runId, leads: 51 } })).status,
    ).toBe(422);
    expect((await call("POST", "/v1/replays", { token: ws.tokens.viewer, body: { prompt: "qualify", version: production, run_id: runId } })).status).toBe(403);
    expect((await call("GET", `/v1/replays?run_id=${runId}`, { token: other.tokens.viewer })).body.data).toEqual([]);
  });

  it("lists a version's replays, newest first", async () => {
    const list = await call("GET", `/v1/replays?prompt=qualify@${ws.workspace.slug}`, { token: ws.tokens.viewer });
    expect(list.status).toBe(200);
    expect(list.body.data!.map((r) => r.stage)).toEqual(["qualify"]);
    const all = await call("GET", `/v1/replays?run_id=${runId}&limit=2`, { token: ws.tokens.viewer });
    expect(all.body.data!.length).toBe(2);
    expect(all.body.has_more).toBe(true);
  });
});
