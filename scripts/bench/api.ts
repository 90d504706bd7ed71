import { readFileSync } from "node:fs";
// `npm run bench:api`: authenticated GET /v1/leads/{id} against the trivial GET /healthz of the
// same build, each with autocannon (50 connections). Target: ≥ 70 % of the trivial route's
// requests/s, p99 ≤ 1.5× its p99. Uses its own database (leadpipe_bench) and Redis database 2.
// Tokens rotate over ten enterprise-plan tokens so the rate limiter runs on every request without
// refusing any (a refused request would flatter the numbers; the run fails if any is not 2xx).
import { spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { benchEnvironment, prepareBenchDatabase, waitForUrl } from "./env";

const CONNECTIONS = 50;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = 3200;
const base = `http://127.0.0.1:${PORT}`;

const env = benchEnvironment(PORT);
Object.assign(process.env, env);
await prepareBenchDatabase(env);

const { db, closeDb } = await import("@/lib/db");
const { seed } = await import("@/prisma/seed/run-seed");
const { ensureWorkspace } = await import("@/lib/workspaces/create-workspace");
const { createUser } = await import("@/lib/users/create-user");
const { createToken } = await import("@/lib/tokens/create-token");
const { newId } = await import("@/lib/ids");

await seed();
const workspace = await ensureWorkspace({ slug: "bench", name: "Bench", plan: "enterprise" });
const { user } = await createUser({ workspaceSlug: "bench", email: "bench@example.com", password: "bench-password", role: "admin" });
const tokens: string[] = [];
for (let i = 0; i < 10; i++) {
  tokens.push((await createToken({ workspaceId: workspace.id, userId: user.id, name: `bench ${i}`, scope: "read", expiresInDays: null, actor: { type: "system", id: "bench", name: "bench" } })).token);
}
const leadIds = Array.from({ length: 1000 }, () => newId("lead"));
await db().lead.createMany({ data: leadIds.map((id, i) => ({ id, workspaceId: workspace.id, email: `b${i}@example.com`, emailLower: `b${i}@example.com`, company: "Bench Inc", title: "CTO" })) });
await closeDb();

const serverFlags = process.env.BENCH_SERVER_FLAGS?.split(" ").filter(Boolean) ?? []; // e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
const server = spawn(process.execPath, [...serverFlags, path.join("node_modules", "next", "dist", "bin", "next"), "start", "-p", String(PORT)], { env: { ...process.env, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "inherit"] });
try {
  await waitForUrl(`${base}/readyz`);
  let turn = 0;
  const run = (url: string, authenticated: boolean) =>
    autocannon({
      url,
      connections: CONNECTIONS,
      duration: DURATION_SECONDS,
      requests: [{
        method: "GET",
        setupRequest: (request) => {
          turn++;
          if (!authenticated) return request;
          return { ...request, path: `/v1/leads/${leadIds[turn % leadIds.length]}`, headers: { ...request.headers, authorization: `Bearer ${tokens[turn % tokens.length]}` } };
        },
      }],
    });

  await run(`${base}/healthz`, false); // warm-up of both paths (JIT, pools)
  await run(`${base}/v1/leads/${leadIds[0]}`, true);
  // The server's CPU time per request: a figure that other load on the machine disturbs far less
  // than requests/s (which is what the target is about).
  const cpuMs = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 10 ms ticks
  };
  let before = cpuMs();
  const trivial = await run(`${base}/healthz`, false);
  const trivialCpu = (cpuMs() - before) / trivial.requests.total;
  before = cpuMs();
  const leads = await run(`${base}/v1/leads/${leadIds[0]}`, true);
  const leadsCpu = (cpuMs() - before) / leads.requests.total;

  const ratio = leads.requests.average / trivial.requests.average;
  const p99Ratio = leads.latency.p99 / trivial.latency.p99;
  const rows = [
    ["GET /healthz (trivial)", trivial, trivialCpu],
    ["GET /v1/leads/{id} (auth + rate limit + read)", leads, leadsCpu],
  ] as const;
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${DURATION_SECONDS} s each, ${new Date().toISOString()}`);
  for (const [name, result, cpu] of rows) {
    console.log(`  ${name.padEnd(48)} ${result.requests.average.toFixed(0).padStart(6)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   server CPU ${cpu.toFixed(3)} ms/req   non-2xx ${result.non2xx}   errors ${result.errors}`);
  }
  console.log(`  throughput ratio ${(ratio * 100).toFixed(1)} % (target ≥ 70 %)   p99 ratio ${p99Ratio.toFixed(2)}× (target ≤ 1.5×)`);
  const ok = leads.non2xx === 0 && leads.errors === 0 && ratio >= 0.7 && p99Ratio <= 1.5;
  console.log(ok ? "bench:api: target met" : "bench:api: target NOT met");
  process.exitCode = leads.non2xx === 0 && leads.errors === 0 ? 0 : 1;
} finally {
  server.kill("SIGTERM");
}
