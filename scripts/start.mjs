// `npm start`: bring up PostgreSQL, Redis and SpamAssassin's spamd, migrate, seed, build when needed, then run the web
// app and the worker together until Ctrl-C. `npm run dev` does the same with reloading.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent, markBuilt, sourceFingerprint } from "./lib/build.mjs";
import { ensureGeneratedSecrets, loadDotEnv } from "./lib/env.mjs";
import { ROOT, bin, fail, run, sleep } from "./lib/proc.mjs";
import { ensureDatabase, ensureServices } from "./lib/services.mjs";
import { ensureSpamd } from "./lib/spamd.mjs";
import { buildWorker } from "./lib/worker-build.mjs";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV = dev ? "development" : "production";
process.env.NEXT_TELEMETRY_DISABLED = "1";
// The terminal shows warnings and errors; `LOG_LEVEL=info npm start` shows the JSON logs as well.
process.env.LOG_LEVEL ??= "warn";
loadDotEnv(dev);

const generated = ensureGeneratedSecrets();
if (generated.length) console.log(`• Generated ${generated.join(" and ")} into .env.local`);

// A bad environment value stops here, naming it (lib/config is the one place that knows the rules).
const summary = await run(bin("tsx"), [path.join("scripts", "check-config.ts")], { quiet: true }).catch((error) =>
  fail(error.message.split("\n").slice(1).join("\n") || error.message),
);
const settings = JSON.parse(summary.trim().split("\n").pop());
// Children (prisma, next, the worker) see the same resolved values.
Object.assign(process.env, { DATABASE_URL: settings.DATABASE_URL, REDIS_URL: settings.REDIS_URL, APP_URL: settings.APP_URL });
process.env.NEXTAUTH_URL ??= settings.APP_URL;

try {
  await ensureServices({ databaseUrl: settings.DATABASE_URL, redisUrl: settings.REDIS_URL });
  await ensureDatabase(settings.DATABASE_URL);
} catch (error) {
  fail(error.message);
}
// Optional: without it the app runs and drafts' spam scores say "unavailable" (one line says why).
await ensureSpamd(process.env);

console.log("• Applying migrations…");
await run(bin("prisma"), ["migrate", "deploy"], { quiet: true }).catch((error) => fail(error.message));
console.log("• Seeding built-in and demo data…");
await run(bin("tsx"), [path.join("prisma", "seed.ts")], { quiet: true }).catch((error) => fail(error.message));

if (!dev) {
  if (buildIsCurrent()) {
    console.log("• Build is current");
  } else {
    console.log("• Building the web app (next build, a minute or two)…");
    const fingerprint = sourceFingerprint();
    // Quiet: its route table is ~100 lines; on failure the whole output is printed.
    await run(bin("next"), ["build"], { quiet: true }).catch((error) => fail(error.message));
    markBuilt(fingerprint);
  }
}

const children = [];
let stopping = false;

// Children run in their own process group, so Ctrl-C in the terminal reaches only this process, which
// then sends each child exactly one SIGTERM: the worker finishes its in-flight jobs (a second signal
// would force it to stop at once).
function launch(name, command, args) {
  const child = spawn(command, args, { cwd: ROOT, env: process.env, stdio: ["ignore", "inherit", "inherit"], detached: true });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`\n✖ The ${name} process stopped (${signal ?? `exit ${code}`}); stopping everything.`);
    void stop(1);
  });
  children.push(child);
  return child;
}

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log("\n• Stopping: the worker finishes its in-flight jobs (up to 25 s)…");
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  const deadline = Date.now() + 30_000;
  while (children.some((child) => child.exitCode === null && child.signalCode === null) && Date.now() < deadline) await sleep(100);
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  process.exit(exitCode);
}
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
// However this process ends, its detached children do not outlive it.
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

// Built before anything starts, so a compile error stops `npm start` with its message.
const workerBundle = dev ? null : (await buildWorker().catch((error) => fail(`Building the worker failed: ${error.message}`))).worker;
const port = String(settings.PORT);
launch("web", bin("next"), dev ? ["dev", "-p", port] : ["start", "-p", port]);
// The worker is one process, so signals reach it directly: compiled ahead of time (scripts/lib/worker-build.mjs),
// or under `tsx watch` in development.
if (dev) launch("worker", bin("tsx"), ["watch", path.join("workers", "index.ts")]);
else launch("worker", process.execPath, ["--enable-source-maps", workerBundle]);

async function waitReady(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(url);
      if (response.ok) return true;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  return false;
}

const webUrl = `http://localhost:${settings.PORT}`;
const workerUrl = `http://127.0.0.1:${settings.WORKER_PORT}`;
const [webReady, workerReady] = await Promise.all([waitReady(`${webUrl}/readyz`), waitReady(`${workerUrl}/readyz`)]);
if (stopping) process.exit(1);

const demo = JSON.parse(readFileSync(path.join(ROOT, "prisma", "seed", "demo.json"), "utf8"));
const width = Math.max(...demo.users.map((user) => user.email.length));
console.log(`
LeadPipe is ${webReady && workerReady ? "up" : "starting (readiness not confirmed yet; see the logs above)"}.
  Web app   ${settings.APP_URL}        (readyz: ${webReady ? "ready" : "not ready"})
  API       ${settings.APP_URL}/v1
  Worker    ${workerUrl}/readyz  (${workerReady ? "ready" : "not ready"})

Sign in at ${settings.APP_URL}/login (workspace "${demo.workspace.name}"):
${demo.users.map((user) => `  ${user.role.padEnd(9)} ${user.email.padEnd(width)}  ${user.password}`).join("\n")}

Press Ctrl-C to stop.`);
