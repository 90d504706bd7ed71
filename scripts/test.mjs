// `npm test`: every check, against the real services. Brings up PostgreSQL, Redis, spamd and Dovecot
// when needed, recreates the test databases, then runs side by side (docs/development.md "How the
// suite runs"): typecheck → lint → unit; integration (vitest, in shards); the production build →
// API tests over HTTP against it (vitest, with Prism judging every exchange); after the build, the
// browser tests (Playwright + Debian's Chromium, in shards). Each step that writes data has a slot
// of its own (scripts/lib/slots.mjs). A step's output is printed as one block when it ends (and kept
// in .run/logs/); the summary gives each step's time and counts and names every failing test.
// Ends with "tests: N passed, N failed".
// `npm test -- --only unit,integration` runs a subset while developing; `--files webhook` narrows the
// vitest steps to test files whose path contains that text (and Playwright's to matching specs).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent, markBuilt, sourceFingerprint } from "./lib/build.mjs";
import { ROOT, bin, fail, run } from "./lib/proc.mjs";
import { ensureDovecot, ensureServices } from "./lib/services.mjs";
import { knownDurations, planShards, recordDurations, slotCount, slotEnv } from "./lib/slots.mjs";
import { ensureSpamd } from "./lib/spamd.mjs";
import { buildWorker } from "./lib/worker-build.mjs";
import { playwrightDurations, playwrightFailures, vitestDurations, vitestFailures } from "./lib/test-reports.mjs";
import { prepareTestDatabase, testEnv } from "./lib/test-env.mjs";

const ALL = ["typecheck", "lint", "unit", "integration", "api", "e2e"];
const ORDER = ["typecheck", "lint", "unit", "integration", "api", "contract", "e2e"]; // the summary's
const onlyArg = process.argv.find((arg) => arg.startsWith("--only"));
const only = onlyArg ? (onlyArg.includes("=") ? onlyArg.split("=")[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).split(",") : ALL;
const filesArg = process.argv.indexOf("--files");
const fileFilters = filesArg > 0 ? process.argv[filesArg + 1].split(",") : [];
const unknown = only.filter((step) => !ALL.includes(step));
if (unknown.length) fail(`Unknown step ${unknown.join(", ")}; steps are ${ALL.join(", ")}`);
const wanted = (step) => only.includes(step);

const env = testEnv();
const suiteStart = Date.now();
const runDir = path.join(ROOT, ".run");
const logDir = path.join(runDir, "logs");
rmSync(logDir, { recursive: true, force: true });
mkdirSync(logDir, { recursive: true });

// Slots (scripts/lib/slots.mjs): the api step keeps slot 0; the browser tests and integration take
// the others, and integration also takes slot 0 once the api step is done (its files are balanced
// with that head start). With fewer slots the steps that would share one run one after another in it.
const slots = slotCount(env);
const e2eShards = fileFilters.length ? 1 : slots >= 4 ? 2 : 1;
const ownIntegrationSlots = Math.max(0, slots - 1 - (slots >= 3 && wanted("e2e") ? e2eShards : 0));
const integrationSlots = fileFilters.length
  ? [ownIntegrationSlots && wanted("api") ? 1 : 0]
  : [...Array.from({ length: ownIntegrationSlots }, (_, i) => 1 + i), 0];
// The browser tests alone (`--only e2e`) start in slot 0.
const e2eFirst = !wanted("api") && !wanted("integration") ? 0 : 1 + ownIntegrationSlots;
const e2eSlots = Array.from({ length: e2eShards }, (_, i) => (slots >= 3 || e2eFirst === 0 ? e2eFirst + i : 0));
const sideBySide = slots > 1; // otherwise one step after another, as `npm test` always ran
const concurrent = (sideBySide && only.filter((step) => step !== "typecheck" && step !== "lint").length > 1) || integrationSlots.length > 1;

const results = [];
const record = (step, passed, failed, { note = "", names = [], seconds } = {}) => {
  results.push({ step, passed, failed, note, names, seconds });
  console.log(`── ${step}: ${failed === 0 ? "ok" : "FAILED"} (${passed} passed, ${failed} failed)${note ? ` ${note}` : ""}${seconds ? `, ${seconds} s` : ""}`);
};
const since = (start) => Math.round((Date.now() - start) / 1000);
/**
 * CPU seconds used so far by this process's finished children and theirs (Linux: /proc/self/stat's
 * cutime + cstime, in clock ticks of 10 ms). A step's share is the difference across it; steps side
 * by side share the figure, so it is only printed per step when they run one after another.
 */
const childCpuSeconds = () => {
  if (!existsSync("/proc/self/stat")) return 0;
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
};
const runCpuStart = childCpuSeconds();

/**
 * Runs one command of a step. Alone (one step running) its output streams to the terminal; side by
 * side it is kept and printed as one block when the command ends, so steps never interleave, and
 * written as it comes to .run/logs/<label>.log.
 */
async function exec(label, command, args, commandEnv) {
  const start = Date.now();
  if (concurrent) console.log(`▸ ${label} started`);
  // The checks that wait on nothing yield the CPU to the steps whose tests wait on workers and pages.
  const nice = concurrent && /^(typecheck|lint|unit)\b/.test(label) && existsSync("/usr/bin/nice");
  const [file, argv] = nice ? ["/usr/bin/nice", ["-n", "10", command, ...args]] : [command, args];
  const logFile = path.join(logDir, `${label.replace(/[^\w.-]+/g, "_")}.log`); // written as it comes: `tail -f` shows a running step
  const outcome = await run(file, argv, { env: commandEnv, quiet: concurrent, logFile }).catch((error) => error);
  const output = outcome instanceof Error ? (outcome.output ?? outcome.message) : outcome;
  if (concurrent) {
    console.log(`\n┌── ${label} (${since(start)} s) ${"─".repeat(Math.max(0, 60 - label.length))}\n${output.trimEnd()}\n└── ${label}\n`);
  }
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

/** Runs a step; an exception (a command that failed without a report) counts as one failure named by its first line. */
async function step(name, fn) {
  if (!wanted(name)) return;
  if (!concurrent) console.log(`\n══ ${name}`);
  const start = Date.now();
  const cpuBefore = childCpuSeconds();
  try {
    await fn(start);
  } catch (error) {
    if (!results.some((result) => result.step === name)) record(name, 0, 1, { note: error.message.split("\n")[0], seconds: since(start) });
  }
  const result = results.find((entry) => entry.step === name);
  if (result && !concurrent) result.cpu = Math.round(childCpuSeconds() - cpuBefore);
}

async function ensureChromium() {
  const chromium = env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromium)) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    fail(`Browser tests need Chromium at ${chromium}. Install Debian's package (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
  }
  console.log("• Chromium is not installed: installing Debian's chromium package…");
  const aptEnv = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  await run("apt-get", ["update", "-qq"], { env: aptEnv, quiet: true });
  await run("apt-get", ["install", "-y", "-qq", "chromium"], { env: aptEnv, quiet: true });
}

const usedSlots = [...new Set([0, ...(wanted("integration") ? integrationSlots : []), ...(wanted("e2e") ? e2eSlots : [])])];
try {
  await ensureServices({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  await Promise.all(usedSlots.map((k) => prepareTestDatabase(slotEnv(env, k))));
  // Installed once here, not by two shards at the same time.
  if (wanted("integration") || wanted("e2e")) await ensureDovecot();
  if (wanted("e2e")) await ensureChromium();
} catch (error) {
  fail(error.message);
}
// The worker and the CLI compiled once for the whole run: every test that starts a worker (or the
// CLI) starts the bundle, on about half the CPU of tsx (scripts/lib/worker-build.mjs).
if (only.some((name) => ["integration", "api", "e2e"].includes(name))) {
  const bundles = await buildWorker().catch((error) => fail(`Building the worker failed: ${error.message}`));
  Object.assign(env, { WORKER_BUNDLE: bundles.worker, CLI_BUNDLE: bundles.cli });
}
// SpamAssassin for the spam_score tests (lib/spam); they fail, saying why, when it could not start.
if (only.some((name) => ["unit", "integration", "api", "e2e"].includes(name))) await ensureSpamd(env);
if (concurrent) {
  const plan = [`slot 0 ${env.DATABASE_URL.split("/").pop()}: ${["unit", "api"].filter(wanted).join(", ")}`];
  for (const k of usedSlots.filter(Boolean)) {
    const what = [...(integrationSlots.includes(k) && wanted("integration") ? ["integration"] : []), ...(e2eSlots.includes(k) && wanted("e2e") ? ["e2e"] : [])];
    plan.push(`slot ${k} ${slotEnv(env, k).DATABASE_URL.split("/").pop()}: ${what.join(", ")}`);
  }
  console.log(`• Steps side by side: ${plan.join("; ")}`);
}

// The production build, started at once when a later step needs it. It is the one `npm start` would
// make (no NEXT_PUBLIC_ values differ), so it is stamped as current: `npm start` after `npm test`
// does not build again (tests/api/start-output.test.ts relies on it).
let buildSeconds = null;
let building;
const startBuild = () => (building ??= wanted("api") || wanted("e2e") ? buildNow() : Promise.resolve());
async function buildNow() {
  {
    // A build of these very sources is already there (a developer running one file again): use it.
    if (buildIsCurrent()) return console.log("── build: current (the sources have not changed since the last build)");
    const fingerprint = sourceFingerprint();
    const start = Date.now();
    // The typecheck step of this run checks the types: the build does not check them a second time.
    const typesChecked = wanted("typecheck") ? { LEADPIPE_TYPES_CHECKED: "1" } : {};
    await exec("build", bin("next"), ["build"], { ...env, NODE_ENV: "production", ...typesChecked });
    markBuilt(fingerprint);
    buildSeconds = since(start);
    console.log(`── build: ${buildSeconds} s`);
  }
}
if (sideBySide) startBuild().catch(() => {}); // at once; reported by the steps that wait for it

const durations = {};

/**
 * One vitest project in one or more shards, each with its slot's environment; their reports are added
 * up. A shard in slot 0 after the api step starts when that is done, on a database made afresh;
 * `headStartMs` is how long the others are expected to have run by then (for balancing the files).
 */
async function vitestStep(project, start, shards, extraEnv = {}) {
  const include = project === "integration" ? listFiles("tests/integration", ".test.ts") : [];
  const planned =
    shards.length > 1
      ? planShards(
          include,
          shards.map((shard) => shard.headStartMs ?? 0),
        )
      : [fileFilters];
  // A shard with no files is left out (vitest given no file names would run them all).
  const groups = planned.filter((files) => shards.length === 1 || files.length);
  shards = shards.filter((_, i) => shards.length === 1 || planned[i].length);
  const reports = groups.map((_, i) => path.join(runDir, `vitest-${project}${groups.length > 1 ? `-${i + 1}` : ""}.json`));
  const outcomes = await Promise.all(
    groups.map(async (files, i) => {
      rmSync(reports[i], { force: true });
      const shardEnv = { ...slotEnv(env, shards[i].slot), ...extraEnv };
      if (shards[i].after) {
        await shards[i].after;
        await prepareTestDatabase(shardEnv);
      }
      const label = groups.length > 1 ? `${project} ${i + 1}/${groups.length}` : project;
      const args = ["run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${reports[i]}`];
      return exec(label, bin("vitest"), [...args, ...(files.length ? ["--passWithNoTests", ...files] : [])], shardEnv).catch((error) => error);
    }),
  );
  let passed = 0;
  let failed = 0;
  let pending = 0;
  const names = [];
  for (const [i, report] of reports.entries()) {
    if (!existsSync(report)) throw outcomes[i] instanceof Error ? outcomes[i] : new Error("vitest wrote no report");
    const summary = JSON.parse(readFileSync(report, "utf8"));
    passed += summary.numPassedTests;
    pending += summary.numPendingTests;
    // A run that failed without a failing test (a file that could not load, an error after the tests) still fails the step.
    const failedHere = summary.numFailedTests + (outcomes[i] instanceof Error && summary.numFailedTests === 0 ? 1 : 0);
    failed += failedHere;
    names.push(...vitestFailures(summary), ...(failedHere > summary.numFailedTests ? [`${project}: ${outcomes[i].message.split("\n")[0]}`] : []));
    Object.assign(durations, vitestDurations(summary));
  }
  record(project, passed, failed, { note: pending ? `(${pending} skipped)` : "", names, seconds: since(start) });
}

function listFiles(dir, suffix) {
  return readdirSync(path.join(ROOT, dir), { recursive: true })
    .filter((file) => file.endsWith(suffix))
    .map((file) => path.join(dir, file))
    .sort();
}

/** The contract run's verdict as its own line: passed when Prism found nothing (scripts/contract/figures.ts). */
function recordContract(file) {
  if (!existsSync(file)) return record("contract", 0, 1, { note: "(no report)" });
  const { summary, failures } = JSON.parse(readFileSync(file, "utf8"));
  console.log(`\n${summary.join("\n")}`);
  for (const failure of failures) console.log(`✖ ${failure}`);
  record("contract", failures.length ? 0 : 1, failures.length, { note: `(${summary[1].trim()})`, names: failures });
}

const checksLane = async () => {
  await step("typecheck", async (start) => {
    await exec("typecheck", bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], env);
    record("typecheck", 1, 0, { seconds: since(start) });
  });
  await step("lint", async (start) => {
    await exec("lint eslint", bin("eslint"), [".", "--max-warnings", "0"], env);
    await exec("lint prettier", bin("prettier"), ["--check", "--log-level", "warn", "**/*.{ts,tsx,mjs}"], env);
    await exec("lint layers", process.execPath, ["scripts/layers/check-layers.mjs"], env); // the layers of lib/ (docs/architecture.md "Layers")
    record("lint", 1, 0, { seconds: since(start) });
  });
  await step("unit", (start) => vitestStep("unit", start, [{ slot: 0 }]));
};

/** When slot 0 is free for integration: after the api step, which started after the build. */
let apiDone = Promise.resolve();
const apiEstimateMs = () => {
  const known = knownDurations();
  const api = Object.entries(known).filter(([file]) => file.startsWith("tests/api/"));
  const files = api.length ? api.reduce((sum, [, ms]) => sum + ms, 0) : 480_000; // nothing known: the api step's time in 2026-11
  return (known.build ?? 60_000) + files + 30_000; // + starting the app and Prism
};
const integrationLane = () =>
  step("integration", (start) =>
    vitestStep(
      "integration",
      start,
      integrationSlots.map((slot) => (slot === 0 && wanted("api") && sideBySide ? { slot, after: apiDone, headStartMs: apiEstimateMs() } : { slot })),
    ),
  );

const apiLane = () =>
  step("api", async (start) => {
    await startBuild();
    // Through the contract tee: Stoplight Prism judges every /v1 exchange (scripts/contract/).
    const contract = path.join(runDir, "contract.json");
    rmSync(contract, { force: true });
    try {
      await vitestStep("api", start, [{ slot: 0 }], { CONTRACT_REPORT: contract, CONTRACT_COMPLETE: fileFilters.length ? "0" : "1" });
    } finally {
      recordContract(contract);
    }
  });

const e2eLane = () =>
  step("e2e", async (start) => {
    await startBuild();
    const groups =
      e2eShards > 1
        ? planShards(listFiles("e2e", ".spec.ts"), Array(e2eShards).fill(0))
            .filter((files) => files.length)
            .map((files) => files.map((file) => file.replace(/\./g, "\\.")))
        : [fileFilters];
    const reports = groups.map((_, i) => path.join(runDir, `playwright${groups.length > 1 ? `-${i + 1}` : ""}.json`));
    const outcomes = await Promise.all(
      groups.map(async (files, i) => {
        const shardEnv = {
          ...slotEnv(env, e2eSlots[i]),
          PLAYWRIGHT_REPORT: reports[i],
          PLAYWRIGHT_OUTPUT_DIR: path.join(runDir, `playwright-output-${i + 1}`),
        };
        rmSync(reports[i], { force: true });
        if (e2eSlots[i] === 0 && (wanted("api") || wanted("integration"))) await prepareTestDatabase(shardEnv); // after them, in the same slot
        await run(bin("tsx"), [path.join("prisma", "seed.ts")], { env: shardEnv, quiet: true });
        const label = groups.length > 1 ? `e2e ${i + 1}/${groups.length}` : "e2e";
        return exec(label, bin("playwright"), ["test", ...files], { ...shardEnv, NODE_ENV: "production" }).catch((error) => error);
      }),
    );
    const stats = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    const names = [];
    for (const [i, report] of reports.entries()) {
      if (!existsSync(report)) throw outcomes[i] instanceof Error ? outcomes[i] : new Error("playwright wrote no report");
      const playwright = JSON.parse(readFileSync(report, "utf8"));
      for (const key of Object.keys(stats)) stats[key] += playwright.stats[key];
      if (outcomes[i] instanceof Error && playwright.stats.unexpected === 0) {
        stats.unexpected += 1;
        names.push(`e2e: ${outcomes[i].message.split("\n")[0]}`);
      }
      names.push(...playwrightFailures(playwright));
      Object.assign(durations, playwrightDurations(playwright));
    }
    record("e2e", stats.expected, stats.unexpected + stats.flaky, { note: stats.skipped ? `(${stats.skipped} skipped)` : "", names, seconds: since(start) });
  });

// Side by side, each in its own slot; what shares slot 0 with the api step waits for it.
if (sideBySide) {
  apiDone = apiLane();
  const integrationDone = integrationLane();
  await Promise.all([checksLane(), apiDone, integrationDone, e2eSlots.includes(0) ? Promise.all([apiDone, integrationDone]).then(e2eLane) : e2eLane()]);
} else {
  for (const lane of [checksLane, integrationLane, apiLane, e2eLane]) await lane();
}
if (buildSeconds !== null) durations.build = buildSeconds * 1000;
if (!fileFilters.length) recordDurations(durations);

const order = (result) => ORDER.indexOf(result.step);
results.sort((a, b) => order(a) - order(b));
const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failedCount = results.reduce((sum, result) => sum + result.failed, 0);
console.log("\nSummary");
for (const result of results) {
  const time = result.seconds === undefined ? "" : `${result.seconds} s`;
  const cpu = result.cpu === undefined ? "" : ` (CPU ${result.cpu} s)`;
  console.log(
    `  ${result.failed ? "✖" : "✔"} ${result.step.padEnd(12)} ${time.padStart(7)}${cpu}  ${result.passed} passed, ${result.failed} failed ${result.note}`,
  );
  for (const name of result.names) console.log(`      ✖ ${name}`);
}
if (buildSeconds !== null) console.log(`  (the production build took ${buildSeconds} s, within the api and e2e steps' times)`);
if (concurrent) console.log(`  (steps ran side by side: their times overlap; logs in .run/logs/)`);
const total = since(suiteStart);
console.log(`  (CPU of every process the run started: ${Math.round(childCpuSeconds() - runCpuStart)} s)`);
console.log(`\ntests: ${passed} passed, ${failedCount} failed (${Math.floor(total / 60)} min ${total % 60} s)`);
process.exit(failedCount === 0 && results.length > 0 ? 0 : 1);
