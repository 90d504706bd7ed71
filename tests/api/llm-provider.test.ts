import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { call, testWorkspace, type TestWorkspace } from "../helpers/api-fixtures";
import { startFileServer, toCsv } from "../helpers/csv-fixtures";
import { startFakeChatServer } from "../helpers/fake-chat-server";
import { eventually, freePort, getJson, spawnWorker, type Spawned } from "../helpers/processes";

// Machine stages on an openai-compatible provider (the official `openai` client against a
// loopback chat-completions server): success, a 429 with Retry-After (retried, the lead is not
// rejected) and malformed output (asked again, then model_output_invalid); a refused key (401) is
// not retried: the leads are rejected with provider_refused and the run completes.

let ws: TestWorkspace;
let worker: Spawned;
let llm: Awaited<ReturnType<typeof startFakeChatServer>>;
let files: Awaited<ReturnType<typeof startFileServer>>;

beforeAll(async () => {
  ws = await testWorkspace("llm");
  llm = await startFakeChatServer();
  const lead = (first_name: string, email: string) => ({
    email,
    first_name,
    title: "VP of Engineering",
    company: "Engines",
    industry: "Software",
    employees: "300",
    country: "US",
  });
  files = await startFileServer(
    new Map([
      ["/llm.csv", toCsv([lead("Ada", "ada@llm.example"), lead("Ratelimit", "rl@llm.example"), lead("Garbage", "garbage@llm.example")])],
      ["/badkey.csv", toCsv([lead("Bea", "bea@llm.example"), lead("Cy", "cy@llm.example")])],
    ]),
  );
  const port = await freePort();
  worker = spawnWorker({ WORKER_PORT: String(port) });
  await eventually(async () => (await getJson(`http://127.0.0.1:${port}/readyz`)).status === 200, { timeoutMs: 30_000 });
});

afterAll(async () => {
  worker?.child.kill("SIGTERM");
  await llm?.close();
  await files?.close();
});

async function runOn(providerSlug: string, label: string, csvPath: string) {
  const pins: Record<string, string> = {};
  for (const stage of ["extract_signals", "qualify", "draft_email"]) {
    const fork = await call("POST", `/v1/prompts/${stage}/fork`, {
      token: ws.tokens.admin,
      body: { from: "v1.2.0", as: `v1.2.0-${label}`, model_default: `${providerSlug}/test-model` },
    });
    expect(fork.status).toBe(201);
    pins[stage] = `${stage}@${ws.workspace.slug}:v1.2.0-${label}`;
  }
  // Forks reach leads only once a reviewer approved the run's prompt set (lib/governance).
  expect((await call("POST", "/v1/packs/saas-outbound/approve", { token: ws.tokens.reviewer, body: { pins } })).status).toBe(200);
  const created = await call("POST", "/v1/runs", {
    token: ws.tokens.admin,
    body: { pack: "saas-outbound", leads_csv_url: `${files.url}${csvPath}`, stop_after: "draft_email", pins },
  });
  expect(created.status).toBe(202);
  const runId = created.body.id as string;
  const run = await eventually(
    async () => {
      const answer = await call("GET", `/v1/runs/${runId}`, { token: ws.tokens.viewer });
      return answer.body.status === "completed" ? answer.body : null;
    },
    { timeoutMs: 30_000 },
  );
  return { runId, run };
}

describe("an openai-compatible provider", () => {
  it("runs the stages, waits out a 429, and rejects output that never validates", async () => {
    const provider = await call("POST", "/v1/providers/fakeai", {
      token: ws.tokens.admin,
      body: { kind: "openai-compatible", base_url: llm.url, default_model: "test-model", api_key: "sk-fake-123", max_concurrency: 4 },
    });
    expect(provider.status).toBe(201);
    const { runId, run } = await runOn("fakeai", "llm", "/llm.csv");
    expect(run.counts).toMatchObject({ imported: 3, qualified: 2, rejected: 1, drafted: 2 });

    const leads = (await call("GET", `/v1/runs/${runId}/leads`, { token: ws.tokens.viewer })).body.data!;
    const byName = Object.fromEntries(leads.map((entry) => [(entry.lead as { first_name: string }).first_name, entry]));
    expect(byName.Ada).toMatchObject({ state: "stopped", stage: "draft_email" });
    expect(byName.Ratelimit).toMatchObject({ state: "stopped", stage: "draft_email" });
    expect(byName.Garbage).toMatchObject({ state: "rejected", stage: "extract_signals", reason: { code: "model_output_invalid" } });

    const draft = await db().draft.findFirstOrThrow({ where: { runId, lead: { firstName: "Ada" } } });
    expect(draft).toMatchObject({ subject: "LLM subject for Ada", body: "Hi Ada,\n\nWritten by the model.\n\nSam" });
    expect(llm.seen.every((request) => request.authorization === "Bearer sk-fake-123" && request.model === "test-model")).toBe(true);
    expect(llm.seen.filter((request) => request.user.includes("Garbage")).length).toBe(3);
    expect(llm.seen.filter((request) => request.user.includes("Ratelimit") && /buying signals/i.test(request.system)).length).toBe(2);

    const traces = await db().stageTrace.findMany({ where: { runId, lead: { firstName: "Ada" } } });
    expect(traces).toHaveLength(3);
    expect(traces.every((trace) => trace.provider === "fakeai" && trace.model === "test-model" && trace.inputTokens === 42 && trace.outputTokens === 17)).toBe(
      true,
    );
    const garbageTrace = await db().stageTrace.findFirstOrThrow({ where: { runId, lead: { firstName: "Garbage" } } });
    expect(garbageTrace).toMatchObject({ inputTokens: 126, output: null, error: expect.stringContaining("not JSON") });
    const rejected = await db().event.findFirstOrThrow({ where: { type: "lead.rejected", data: { path: ["run_id"], equals: runId } } });
    expect(rejected.data).toMatchObject({ stage: "extract_signals", reason: { code: "model_output_invalid" } });
  });

  it("rejects the leads with provider_refused when the provider refuses the key, without asking again", async () => {
    const provider = await call("POST", "/v1/providers/badkey", {
      token: ws.tokens.admin,
      body: { kind: "openai-compatible", base_url: llm.url, default_model: "test-model", api_key: "sk-wrong" },
    });
    expect(provider.status).toBe(201);
    const before = llm.seen.length;
    const { runId, run } = await runOn("badkey", "badkey", "/badkey.csv");
    expect(run.counts).toMatchObject({ imported: 2, failed: 2, drafted: 0 });
    const leads = (await call("GET", `/v1/runs/${runId}/leads`, { token: ws.tokens.viewer })).body.data!;
    for (const entry of leads) {
      expect(entry).toMatchObject({ state: "failed", stage: "extract_signals", reason: { code: "provider_refused", message: expect.stringContaining("401") } });
    }
    expect(llm.seen.length - before).toBe(2); // one call per lead: a refusal is not asked again
  });
});
