import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { closeQueues, queue } from "@/lib/queues";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startFakeAnthropicServer } from "../helpers/fake-anthropic-server";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Machine stages and track on an `anthropic` provider (the official @anthropic-ai/sdk against a
// loopback Messages API server): success, a 429 with Retry-After (waited out, never rejected),
// output that never validates (model_output_invalid; for track, the local rules decide), a JSON
// answer in a code fence (accepted), and the cost of every trace from the provider's prices.

let ws: TestWorkspace;
let worker: Spawned;
let claude: Awaited<ReturnType<typeof startFakeAnthropicServer>>;
let files: Awaited<ReturnType<typeof startFileServer>>;
let runId: string;

// 120 input and 30 output tokens per call at 3 and 15 USD per million tokens: 360 + 450 micro-dollars.
const CALL_COST_MICROS = 810;

beforeAll(async () => {
  ws = await testWorkspace("claude");
  claude = await startFakeAnthropicServer({ delayMs: 20 });
  const lead = (first_name: string) => ({
    email: `${first_name.toLowerCase()}@claude.example`,
    first_name,
    title: "VP of Engineering",
    company: "Engines",
    industry: "Software",
    employees: "300",
    country: "US",
  });
  files = await startFileServer(new Map([["/claude.csv", toCsv(["Ada", "Ratelimit", "Garbage", "Fenced"].map(lead))]]));
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await claude?.close();
  await files?.close();
  await closeQueues();
});

async function leadId(firstName: string) {
  return (await db().lead.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, firstName } })).id;
}

describe("an anthropic provider", () => {
  it("runs the stages, waits out a 429, rejects output that never validates, and prices every trace", async () => {
    const provider = await call("POST", "/v1/providers/claude", {
      token: ws.tokens.admin,
      body: {
        kind: "anthropic",
        base_url: claude.url,
        default_model: "claude-test",
        api_key: "sk-ant-fake-123",
        max_concurrency: 2,
        input_price_per_mtok_usd: 3,
        output_price_per_mtok_usd: 15,
      },
    });
    expect(provider.status).toBe(201);
    expect(provider.body).toMatchObject({ kind: "anthropic", input_price_per_mtok_usd: 3, output_price_per_mtok_usd: 15, has_api_key: true });
    const pins: Record<string, string> = {};
    for (const stage of ["extract_signals", "qualify", "draft_email", "track"]) {
      const fork = await call("POST", `/v1/prompts/${stage}/fork`, {
        token: ws.tokens.admin,
        body: { from: "v1.2.0", as: "v1.2.0-claude", model_default: "claude/claude-test" },
      });
      expect(fork.status).toBe(201);
      pins[stage] = `${stage}@${ws.workspace.slug}:v1.2.0-claude`;
    }
    // Forks reach leads only once a reviewer approved the run's prompt set (lib/governance).
    expect((await call("POST", "/v1/packs/saas-outbound/approve", { token: ws.tokens.reviewer, body: { pins } })).status).toBe(200);
    const created = await call("POST", "/v1/runs", { token: ws.tokens.admin, body: { pack: "saas-outbound", leads_csv_url: `${files.url}/claude.csv`, pins } });
    expect(created.status).toBe(202);
    runId = created.body.id as string;
    const run = await eventually(
      async () => {
        const answer = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
        return answer.body.status === "awaiting_review" ? answer.body : null;
      },
      { timeoutMs: 30_000 },
    );
    expect(run.counts).toMatchObject({ imported: 4, qualified: 3, rejected: 1, drafted: 3 });

    const leads = (await call("GET", `/v1/runs/${runId}/leads`, { token: ws.tokens.viewer })).body.data!;
    const byName = Object.fromEntries(leads.map((entry) => [(entry.lead as { first_name: string }).first_name, entry]));
    expect(byName.Ada).toMatchObject({ state: "awaiting_review", stage: "draft_email" });
    expect(byName.Ratelimit).toMatchObject({ state: "awaiting_review", stage: "draft_email" });
    expect(byName.Fenced).toMatchObject({ state: "awaiting_review", stage: "draft_email" });
    expect(byName.Garbage).toMatchObject({ state: "rejected", stage: "extract_signals", reason: { code: "model_output_invalid" } });
    const ada = await db().lead.findFirstOrThrow({ where: { workspaceId: ws.workspace.id, firstName: "Ada" } });
    expect(ada.qualification).toEqual({ score: 91, qualified: true, reasons: ["Claude says it fits"] });
    const draft = await db().draft.findFirstOrThrow({ where: { runId, leadId: ada.id } });
    expect(draft).toMatchObject({ subject: "Claude subject for Ada", body: "Hi Ada,\n\nWritten by Claude.\n\nSam" });

    expect(claude.seen.every((m) => m.apiKey === "sk-ant-fake-123" && m.model === "claude-test" && m.maxTokens === 4096 && typeof m.version === "string")).toBe(
      true,
    );
    expect(claude.seen.every((m) => m.system.endsWith("Answer with one JSON object only: no prose before or after it, no code fences."))).toBe(true);
    expect(claude.seen.filter((m) => m.user.includes("Garbage")).length).toBe(3);
    expect(claude.seen.filter((m) => m.user.includes("Ratelimit") && /buying signals/i.test(m.system)).length).toBe(2);
    expect(claude.stats.maxInFlight).toBeLessThanOrEqual(2);

    const traces = await db().stageTrace.findMany({ where: { runId, leadId: ada.id } });
    expect(traces.map((t) => t.stage).sort()).toEqual(["draft_email", "extract_signals", "qualify"]);
    for (const trace of traces)
      expect(trace).toMatchObject({ provider: "claude", model: "claude-test", inputTokens: 120, outputTokens: 30, costMicros: CALL_COST_MICROS, error: null });
    const garbage = await db().stageTrace.findFirstOrThrow({ where: { runId, leadId: await leadId("Garbage") } });
    expect(garbage).toMatchObject({
      inputTokens: 360,
      outputTokens: 90,
      costMicros: 3 * CALL_COST_MICROS,
      output: null,
      error: expect.stringContaining("not JSON"),
    });
    const total = await db().stageTrace.aggregate({ where: { runId }, _sum: { costMicros: true } });
    expect(total._sum.costMicros).toBe(3 * 3 * CALL_COST_MICROS + 3 * CALL_COST_MICROS); // three leads × three stages, and Garbage's three asks
    // The same total over /v1 on the run, and per trace.
    const finished = (await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer })).body;
    const sums = await db().stageTrace.aggregate({ where: { runId }, _count: { _all: true }, _sum: { inputTokens: true, outputTokens: true } });
    expect(finished.totals).toEqual({
      model_calls: sums._count._all,
      input_tokens: sums._sum.inputTokens,
      output_tokens: sums._sum.outputTokens,
      cost_usd: total._sum.costMicros! / 1_000_000,
    });
    expect((finished.totals as { cost_usd: number }).cost_usd).toBeGreaterThan(0);
  });

  it("classifies posted replies on the hosted model, waits out a 429, and falls back to the local rules on invalid output", async () => {
    const draftOf = async (firstName: string) => (await db().draft.findFirstOrThrow({ where: { runId, leadId: await leadId(firstName) } })).id;
    const post = async (firstName: string, text: string) => {
      const answer = await call("POST", "/v1/replies", {
        token: ws.tokens.admin,
        body: {
          draft_id: await draftOf(firstName),
          from: `${firstName.toLowerCase()}@claude.example`,
          subject: "Re: hello",
          text,
          received_at: new Date().toISOString(),
        },
      });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    };
    // The local rules would call the first two a `question` (0.6): the model says meeting_request.
    const adaReply = await post("Ada", "Could we talk on Thursday afternoon?");
    const limitedReply = await post("Ratelimit", "Ratelimit here: could we talk on Friday morning?");
    const garbageReply = await post("Fenced", "Garbage in the last email. Please unsubscribe me.");
    const classified = async (id: string) =>
      eventually(
        async () => {
          const reply = await call("GET", `/v1/replies/${id}`, { token: ws.tokens.viewer });
          return reply.body.classified_at ? reply.body : null;
        },
        { timeoutMs: 30_000 },
      );

    expect(await classified(adaReply)).toMatchObject({ classification: "meeting_request", confidence: 0.87 });
    expect(await classified(limitedReply)).toMatchObject({ classification: "meeting_request", confidence: 0.87 });
    expect(claude.seen.filter((m) => /classify a reply/i.test(m.system) && m.user.includes("Friday")).length).toBe(2); // the 429, then the answer
    const job = await queue("track").getJob(`track.${limitedReply}`);
    // Put back as delayed for the Retry-After (1 s), without using up one of the job's attempts.
    expect(job).toMatchObject({ attemptsStarted: 2, attemptsMade: 1 });
    expect(job!.finishedOn! - job!.timestamp).toBeGreaterThanOrEqual(1_000);
    expect(await classified(garbageReply)).toMatchObject({ classification: "unsubscribe", confidence: 0.73 });
    expect(claude.seen.filter((m) => /classify a reply/i.test(m.system) && m.user.includes("Garbage in the last email")).length).toBe(3);

    const event = await db().event.findFirstOrThrow({ where: { type: "reply.received", data: { path: ["reply_id"], equals: adaReply } } });
    expect(event.data).toMatchObject({ classification: "meeting_request", confidence: 0.87, run_id: runId });
    const adaTrace = await db().stageTrace.findFirstOrThrow({ where: { runId, stage: "track", leadId: await leadId("Ada") } });
    expect(adaTrace).toMatchObject({ provider: "claude", model: "claude-test", inputTokens: 120, outputTokens: 30, costMicros: CALL_COST_MICROS, error: null });
    const fallback = await db().stageTrace.findFirstOrThrow({ where: { runId, stage: "track", leadId: await leadId("Fenced") } });
    expect(fallback).toMatchObject({
      provider: "claude",
      inputTokens: 360,
      outputTokens: 90,
      costMicros: 3 * CALL_COST_MICROS,
      output: { classification: "unsubscribe", confidence: 0.73 },
    });
    expect(fallback.error).toMatch(/^model_output_invalid: .*not JSON.*Classified by the local rules\.$/);
    const suppressed = await db().suppression.findUnique({
      where: { workspaceId_emailLower: { workspaceId: ws.workspace.id, emailLower: "fenced@claude.example" } },
    });
    expect(suppressed).toMatchObject({ source: "reply", reason: "Reply classified unsubscribe" });
  });
});
