// `npm run bench:evals`: evaluating a 40-case set (the first 40 cases of the built-in qualify set,
// copied into a set of the bench workspace) through the real path: POST-equivalent createEvaluation,
// the `evaluate` queue, one worker process, results written. (1) The local engine; target < 5 s.
// (2) A loopback openai-compatible server answering each call after 200 ms, the provider allowing
// 20 at a time (the evaluation asks 20 at a time); target < 3 s. Prints the time from creation to
// `done` (what a reviewer waits) and the worker's own wall time, median of BENCH_ROUNDS (3).
// Own database (BENCH_DATABASE_URL, default leadpipe_bench) and Redis database (BENCH_REDIS_URL).
import { benchEnvironment, prepareBenchDatabase, spawnBenchWorker, waitForUrl } from "./env";
import { startFakeChatServer } from "../../tests/helpers/fake-chat-server";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WORKER_PORT = Number(process.env.BENCH_WORKER_PORT ?? 3213);
const env = benchEnvironment(Number(process.env.BENCH_APP_PORT ?? 3212));
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { db, closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createEvalSet, addEvalCase, setForRef } = await import("@/lib/evals/eval-sets");
const { createEvaluation } = await import("@/lib/evals/evaluations");
const { upsertProvider } = await import("@/lib/providers/providers");
const { closeQueues } = await import("@/lib/queues");
const { CaseInput, CaseExpect } = await import("@/lib/evals/case-schema");
const actor = { type: "system" as const, id: "bench", name: "bench" };

await seed();
const workspace = await ensureWorkspace({ slug: "bench", name: "Bench" });
const builtIn = (await setForRef(workspace.id, "evals/qualify"))!;
const set = await createEvalSet(
  workspace.id,
  { ref: "evals/bench-40", stage: "qualify", name: "Bench: 40 qualify cases", context: builtIn.context as never },
  actor,
);
const cases = await db().evalCase.findMany({ where: { setId: builtIn.id }, orderBy: { id: "asc" }, take: 40 });
for (const row of cases)
  await addEvalCase(workspace.id, set.id, { name: row.name, input: CaseInput.parse(row.input), expect: CaseExpect.parse(row.expect) }, actor);

const llm = await startFakeChatServer({ delayMs: 200 });
await upsertProvider(
  workspace.id,
  "fakeai",
  { kind: "openai-compatible", base_url: llm.url, default_model: "test-model", api_key: "sk-bench", max_concurrency: 20, requests_per_minute: 1_000_000 },
  actor,
);
const worker = await spawnBenchWorker(WORKER_PORT);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function evaluateOnce(provider: string) {
  const started = performance.now();
  const created = await createEvaluation(
    workspace.id,
    { prompt: "qualify", version: "v1.2.0", set: "evals/bench-40", provider, ...(provider === "local" ? {} : { model: "test-model" }) },
    actor,
  );
  for (;;) {
    const row = await db().evaluation.findUniqueOrThrow({ where: { id: created.id } });
    if (row.status === "failed") throw new Error(`evaluation failed: ${row.error}`);
    if (row.status === "done") return { total: performance.now() - started, worker: row.latencyMs, cases: row.caseCount, passed: row.passed, valid: row.valid };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

try {
  await waitForUrl(`http://127.0.0.1:${WORKER_PORT}/readyz`);
  await evaluateOnce("local"); // warm-up: the worker's first job loads the modules it needs
  for (const [label, provider, target] of [
    ["local engine", "local", 5_000],
    ["loopback provider (200 ms, concurrency 20)", "fakeai", 3_000],
  ] as const) {
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++) rounds.push(await evaluateOnce(provider));
    const total = median(rounds.map((r) => r.total));
    const own = median(rounds.map((r) => r.worker));
    const { cases: count, passed, valid } = rounds[0];
    console.log(
      `${label}: ${count} cases, create → done ${Math.round(total)} ms (median of ${ROUNDS}; worker wall time ${own} ms); passed ${passed}, valid ${valid}; target < ${target / 1000} s: ${total < target ? "met" : "NOT met"}`,
    );
  }
  console.log(`model calls seen by the loopback server: ${llm.seen.length}`);
} finally {
  worker.kill();
  await llm.close();
  await closeQueues();
  await closeDb();
}
