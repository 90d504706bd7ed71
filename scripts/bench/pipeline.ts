// `npm run bench:pipeline`: (1) a 100,000-lead CSV with stop_after draft_email on the local
// provider: import rows/s, end-to-end leads/s, the worker's peak RSS; (2) an LLM-bound run against
// a loopback chat-completions server that answers after 200 ms, provider max_concurrency 100:
// calls/s against the 500/s that allows. Own database (leadpipe_bench) and Redis database 2.
import dgram from "node:dgram";
import { readFileSync } from "node:fs";
import { benchEnvironment, prepareBenchDatabase, spawnBenchWorker, waitForUrl } from "./env";
import { startFileServer, toCsv } from "../../tests/helpers/csv-fixtures";
import { startFakeChatServer } from "../../tests/helpers/fake-chat-server";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const LLM_LEADS = Number(process.env.BENCH_LLM_LEADS ?? 5_000);
const WORKER_PORT = Number(process.env.BENCH_WORKER_PORT ?? 3211);
const env = benchEnvironment(3210);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { db, closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createRun } = await import("@/lib/runs/create-run");
const { forkPrompt } = await import("@/lib/prompts/fork-prompt");
const { approvePack } = await import("@/lib/packs/approve-pack");
const { upsertProvider } = await import("@/lib/providers/providers");
const { closeQueues } = await import("@/lib/queues");
const actor = { type: "system" as const, id: "bench", name: "bench" };

await seed();
const workspace = await ensureWorkspace({ slug: "bench", name: "Bench" });
const rows = (count: number, prefix: string) =>
  Array.from({ length: count }, (_, i) => ({
    email: `${prefix}${i}@bench.example`,
    first_name: `Lead${i}`,
    last_name: "Bench",
    company: `Company ${i % 5000}`,
    title: i % 3 === 0 ? "Office Manager" : i % 3 === 1 ? "VP of Engineering" : "Head of Sales",
    industry: i % 4 === 0 ? "Food" : "Software",
    employees: String(20 + (i % 1500)),
    country: ["US", "GB", "DE", "IT"][i % 4],
    notes: i % 5 === 0 ? "Hiring engineers; evaluating vendors" : "",
  }));
const files = await startFileServer(
  new Map([
    ["/big.csv", toCsv(rows(LEADS, "lead"))],
    ["/llm.csv", toCsv(rows(LLM_LEADS, "llm"))],
  ]),
);
const llm = await startFakeChatServer({ delayMs: 200 });

// BENCH_DNS=down: the recipient checks before draft_email ask a resolver that never answers (a UDP
// socket that drops every query). RECIPIENT_CHECKS=false turns the checks off, to compare.
const silentDns = process.env.BENCH_DNS === "down" ? dgram.createSocket("udp4") : null;
if (silentDns) {
  await new Promise<void>((resolve) => silentDns.bind(0, "127.0.0.1", () => resolve()));
  process.env.DNS_SERVERS = `127.0.0.1:${silentDns.address().port}`;
}
console.log(`recipient checks: ${process.env.RECIPIENT_CHECKS === "false" ? "off" : "on"}; resolver: ${process.env.DNS_SERVERS ?? "the system's"}`);
const worker = await spawnBenchWorker(WORKER_PORT);
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${worker.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function waitFor(runId: string, statuses: string[]) {
  for (;;) {
    const run = await db().run.findUniqueOrThrow({ where: { id: runId } });
    if (statuses.includes(run.status)) return run;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

try {
  await waitForUrl(`http://127.0.0.1:${WORKER_PORT}/readyz`);
  const started = performance.now();
  const run = await createRun(workspace.id, { pack: "saas-outbound", leads_csv_url: `${files.url}/big.csv`, stop_after: "draft_email" }, actor);
  const imported = await waitFor(run.id, ["running", "completed", "failed"]);
  const importSeconds = (performance.now() - started) / 1000;
  const done = await waitFor(run.id, ["completed", "failed"]);
  const totalSeconds = (performance.now() - started) / 1000;
  const drafts = await db().draft.count({ where: { runId: run.id } });

  await upsertProvider(
    workspace.id,
    "fakeai",
    { kind: "openai-compatible", base_url: llm.url, default_model: "test-model", max_concurrency: 100, requests_per_minute: 1_000_000 },
    actor,
  );
  await forkPrompt(workspace, "extract_signals", { from: "v1.2.0", as: "v1.2.0-llm", model_default: "fakeai/test-model" }, actor);
  const llmPins = { extract_signals: "extract_signals@bench:v1.2.0-llm" };
  // A fork reaches leads only once a reviewer (not its creator) approved the run's prompt set.
  await approvePack(
    workspace.id,
    "saas-outbound",
    { pins: llmPins },
    { userId: "bench-reviewer", actor: { type: "system", id: "bench-reviewer", name: "bench reviewer" } },
  );
  const llmStarted = performance.now();
  const llmRun = await createRun(
    workspace.id,
    { pack: "saas-outbound", leads_csv_url: `${files.url}/llm.csv`, stop_after: "extract_signals", pins: llmPins },
    actor,
  );
  const llmDone = await waitFor(llmRun.id, ["completed", "failed"]);
  const llmSeconds = (performance.now() - llmStarted) / 1000;
  const callsPerSecond = llm.seen.length / llmSeconds;

  const line = (label: string, value: string, target: string, ok: boolean) =>
    console.log(`  ${label.padEnd(34)} ${value.padStart(14)}   target ${target.padEnd(12)} ${ok ? "met" : "NOT met"}`);
  console.log(
    `\nbench:pipeline ${new Date().toISOString()}: ${LEADS} leads, stop_after draft_email, local provider (${done.status}, ${imported.imported} imported, ${drafts} drafts)`,
  );
  line("import", `${Math.round(LEADS / importSeconds)} rows/s`, "≥ 50,000", LEADS / importSeconds >= 50_000);
  line("end to end", `${Math.round(LEADS / totalSeconds)} leads/s`, "≥ 5,000", LEADS / totalSeconds >= 5_000);
  line("worker peak RSS", `${Math.round(peakRssMb())} MB`, "< 500 MB", peakRssMb() < 500);
  console.log(`  (import ${importSeconds.toFixed(1)} s, all stages ${totalSeconds.toFixed(1)} s)`);
  console.log(`LLM-bound: ${LLM_LEADS} leads through extract_signals on a 200 ms model, max_concurrency 100 (${llmDone.status})`);
  line("model calls", `${Math.round(callsPerSecond)} calls/s`, "≥ 425 (85 %)", callsPerSecond >= 425);
  console.log(`  (${llm.seen.length} calls in ${llmSeconds.toFixed(1)} s, run included import and bookkeeping)`);
} finally {
  worker.kill("SIGTERM");
  await files.close();
  await llm.close();
  silentDns?.close();
  await closeQueues();
  await closeDb();
}
