// `npm test`: every check, against the real services. Brings up PostgreSQL, Redis and spamd when needed,
// recreates the test database, then: typecheck, lint, unit + integration (vitest), a production
// build, API tests over HTTP against it (vitest), and browser tests (Playwright + Debian's Chromium). Ends with "tests: N passed, N failed".
// `npm test -- --only unit,integration` runs a subset while developing; `--files webhook` narrows the
// vitest steps to test files whose path contains that text (and Playwright's to matching specs).
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent, markBuilt, sourceFingerprint } from "./lib/build.mjs";
import { ROOT, bin, fail, run } from "./lib/proc.mjs";
import { ensureServices } from "./lib/services.mjs";
import { ensureSpamd } from "./lib/spamd.mjs";
import { prepareTestDatabase, testEnv } from "./lib/test-env.mjs";

const ALL = ["typecheck", "lint", "unit", "integration", "api", "e2e"];
const onlyArg = process.argv.find((arg) => arg.startsWith("--only"));
const only = onlyArg ? (onlyArg.includes("=") ? onlyArg.split("=")[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).split(",") : ALL;
const filesArg = process.argv.indexOf("--files");
const fileFilters = filesArg > 0 ? process.argv[filesArg + 1].split(",") : [];
const unknown = only.filter((step) => !ALL.includes(step));
if (unknown.length) fail(`Unknown step ${unknown.join(", ")}; steps are ${ALL.join(", ")}`);

const env = testEnv();
const suiteStart = Date.now();
const runDir = path.join(ROOT, ".run");
mkdirSync(runDir, { recursive: true });

const results = [];
const startedAt = new Map(); // step → when it began, so the summary (and CI's log) gives each step's time
const elapsed = (step) => (startedAt.has(step) ? `${Math.round((Date.now() - startedAt.get(step)) / 1000)} s` : "");
const record = (step, passed, failed, note = "", names = []) => {
  results.push({ step, passed, failed, note, names, time: elapsed(step) });
  console.log(`\n── ${step}: ${failed === 0 ? "ok" : "FAILED"} (${passed} passed, ${failed} failed)${note ? ` ${note}` : ""}\n`);
};

const prepareDatabase = () => prepareTestDatabase(env);

// The summary names every failing test with the first line of its error, so a CI log cut to its
// last lines still says what failed.
const firstLine = (text = "") =>
  text
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? "";
const vitestFailures = (summary) =>
  summary.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    if (!failedTests.length && file.status === "failed") return [`${where}: ${firstLine(file.message)}`];
    return failedTests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
function playwrightFailures(report) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "unexpected" || test.status === "flaky")
          names.push(`${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${firstLine(test.results?.at(-1)?.error?.message)}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return names;
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

async function step(name, fn) {
  if (!only.includes(name)) return;
  console.log(`\n══ ${name}`);
  startedAt.set(name, Date.now());
  try {
    await fn();
  } catch (error) {
    if (!results.some((result) => result.step === name)) record(name, 0, 1, error.message.split("\n")[0]);
  }
}

try {
  await ensureServices({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  await prepareDatabase();
} catch (error) {
  fail(error.message);
}
// SpamAssassin for the spam_score tests (lib/spam); they fail, saying why, when it could not start.
if (only.some((name) => ["unit", "integration", "api", "e2e"].includes(name))) await ensureSpamd(env);

await step("typecheck", async () => {
  await run(bin("tsc"), ["--noEmit", "-p", "tsconfig.json"], { env });
  record("typecheck", 1, 0);
});

await step("lint", async () => {
  await run(bin("eslint"), [".", "--max-warnings", "0"], { env });
  await run(bin("prettier"), ["--check", "--log-level", "warn", "**/*.{ts,tsx,mjs}"], { env });
  await run(process.execPath, ["scripts/layers/check-layers.mjs"], { env }); // the layers of lib/ (docs/architecture.md "Layers")
  record("lint", 1, 0);
});

/** The contract run's verdict as its own line: passed when Prism found nothing (scripts/contract/figures.ts). */
function recordContract(file) {
  if (!existsSync(file)) return record("contract", 0, 1, "(no report)");
  const { summary, failures } = JSON.parse(readFileSync(file, "utf8"));
  console.log(`\n${summary.join("\n")}`);
  for (const failure of failures) console.log(`✖ ${failure}`);
  record("contract", failures.length ? 0 : 1, failures.length, `(${summary[1].trim()})`);
}

let built = false;
let buildSeconds = null; // printed in the summary: the api (or e2e) step's time includes it
// The build is the one `npm start` would make (no NEXT_PUBLIC_ values differ), so it is stamped as
// current: `npm start` after `npm test` does not build again (tests/api/start-output.test.ts relies on it).
async function buildOnce() {
  if (built) return;
  // A build of these very sources is already there (a developer running one file again): use it.
  if (buildIsCurrent()) {
    console.log("\n── build: current (the sources have not changed since the last build)\n");
    built = true;
    return;
  }
  const fingerprint = sourceFingerprint();
  const buildStart = Date.now();
  // tsc already checked the types in this run: the build does not check them a second time.
  const typesChecked = results.some((result) => result.step === "typecheck" && result.failed === 0);
  await run(bin("next"), ["build"], { env: { ...env, NODE_ENV: "production", ...(typesChecked ? { LEADPIPE_TYPES_CHECKED: "1" } : {}) } });
  markBuilt(fingerprint);
  built = true;
  buildSeconds = Math.round((Date.now() - buildStart) / 1000);
  console.log(`\n── build: ${buildSeconds} s\n`);
}

for (const project of ["unit", "integration", "api"]) {
  await step(project, async () => {
    if (project === "api") await buildOnce();
    const report = path.join(runDir, `vitest-${project}.json`);
    rmSync(report, { force: true });
    // The api step runs through the contract tee: Stoplight Prism judges every /v1 exchange (scripts/contract/).
    const contract = path.join(runDir, "contract.json");
    rmSync(contract, { force: true });
    const contractEnv = project === "api" ? { CONTRACT_REPORT: contract, CONTRACT_COMPLETE: fileFilters.length ? "0" : "1" } : {};
    const outcome = await run(
      bin("vitest"),
      [
        "run",
        "--project",
        project,
        "--reporter=default",
        "--reporter=json",
        `--outputFile=${report}`,
        ...(fileFilters.length ? ["--passWithNoTests", ...fileFilters] : []),
      ],
      { env: { ...env, ...contractEnv } },
    ).catch((error) => error);
    if (!existsSync(report)) throw outcome instanceof Error ? outcome : new Error("vitest wrote no report");
    const summary = JSON.parse(readFileSync(report, "utf8"));
    const failed = summary.numFailedTests + (outcome instanceof Error && summary.numFailedTests === 0 ? 1 : 0);
    record(project, summary.numPassedTests, failed, summary.numPendingTests ? `(${summary.numPendingTests} skipped)` : "", vitestFailures(summary));
    if (project === "api") recordContract(contract);
  });
}

await step("e2e", async () => {
  await ensureChromium();
  const buildEnv = { ...env, NODE_ENV: "production" };
  await buildOnce();
  await prepareDatabase();
  await run(bin("tsx"), [path.join("prisma", "seed.ts")], { env, quiet: true });
  const report = path.join(runDir, "playwright.json");
  rmSync(report, { force: true });
  const outcome = await run(bin("playwright"), ["test", ...fileFilters], { env: buildEnv }).catch((error) => error);
  if (!existsSync(report)) throw outcome instanceof Error ? outcome : new Error("playwright wrote no report");
  const playwright = JSON.parse(readFileSync(report, "utf8"));
  const { stats } = playwright;
  const failed = stats.unexpected + stats.flaky + (outcome instanceof Error && stats.unexpected === 0 ? 1 : 0);
  record("e2e", stats.expected, failed, stats.skipped ? `(${stats.skipped} skipped)` : "", playwrightFailures(playwright));
});

const passed = results.reduce((sum, result) => sum + result.passed, 0);
const failedCount = results.reduce((sum, result) => sum + result.failed, 0);
console.log("\nSummary");
for (const result of results) {
  console.log(
    `  ${result.failed ? "✖" : "✔"} ${result.step.padEnd(12)} ${result.time.padStart(7)}  ${result.passed} passed, ${result.failed} failed ${result.note}`,
  );
  for (const name of result.names) console.log(`      ✖ ${name}`);
}
if (buildSeconds !== null) console.log(`  (the production build took ${buildSeconds} s, within the first step that needed it)`);
console.log(`\ntests: ${passed} passed, ${failedCount} failed (${Math.round((Date.now() - suiteStart) / 60_000)} min)`);
process.exit(failedCount === 0 && results.length > 0 ? 0 : 1);
