// `npm run bench:deep-bodies`: does a flood of hostile JSON hurt everyone else? GET /healthz is
// timed one request at a time for 10 s alone, then for 10 s while eight clients keep POSTing a
// 100,000-level nested body to /v1/leads (each must be a 422). Target: /healthz p99 < 100 ms
// under the flood (issue 12). Own database (leadpipe_bench) and Redis database 2.
import { spawn } from "node:child_process";
import path from "node:path";
import { benchEnvironment, prepareBenchDatabase, waitForUrl } from "./env";

const PORT = 3202;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const base = `http://127.0.0.1:${PORT}`;
const env = benchEnvironment(PORT);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createUser } = await import("@/lib/users/create-user");
const { createToken } = await import("@/lib/tokens/create-token");
await seed();
const workspace = await ensureWorkspace({ slug: "bench", name: "Bench", plan: "enterprise" });
const { user } = await createUser({ workspaceSlug: "bench", email: "bench@example.com", password: "bench-password", role: "admin" });
const { token } = await createToken({
  workspaceId: workspace.id,
  userId: user.id,
  name: "deep",
  scope: "write",
  expiresInDays: null,
  actor: { type: "system", id: "bench", name: "bench" },
});
await closeDb();

const DEPTH = 100_000;
const deepBody = "[".repeat(DEPTH) + "]".repeat(DEPTH);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timeHealthz(seconds: number): Promise<number[]> {
  const times: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const started = performance.now();
    const answer = await fetch(`${base}/healthz`);
    await answer.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const server = spawn(process.execPath, [path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT)], {
  env: { ...process.env, NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  await waitForUrl(`${base}/readyz`);
  await timeHealthz(2); // warm-up
  const quiet = await timeHealthz(SECONDS);

  let flooding = true;
  const statuses = new Map<number, number>();
  const flood = Array.from({ length: 8 }, async () => {
    while (flooding) {
      const answer = await fetch(`${base}/v1/leads`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: deepBody,
      });
      await answer.arrayBuffer();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  });
  const loaded = await timeHealthz(SECONDS);
  flooding = false;
  await Promise.all(flood);

  const line = (label: string, t: number[]) =>
    `${label.padEnd(28)} n=${String(t.length).padStart(5)}  p50 ${percentile(t, 50).toFixed(1)} ms  p99 ${percentile(t, 99).toFixed(1)} ms  max ${t[t.length - 1].toFixed(1)} ms`;
  console.log(line("GET /healthz alone", quiet));
  console.log(line("GET /healthz, 8 deep floods", loaded));
  console.log(
    `deep bodies (${DEPTH.toLocaleString()} levels, ${(deepBody.length / 1024).toFixed(0)} KiB) answered: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(", ")}`,
  );
  console.log(`target: p99 under the flood < 100 ms → ${percentile(loaded, 99) < 100 ? "met" : "NOT met"}`);
  if ([...statuses.keys()].some((status) => status !== 422)) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
}
