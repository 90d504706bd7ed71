// `npm run test:contract`: the API test suite (tests/api, against `next start` of the production
// build) with every /v1 exchange judged by Stoplight Prism against the document the service serves
// (tests/api/global-setup.ts, scripts/contract/). Prints the figures; fails on any server error,
// any schema mismatch either way, any exchange Prism could not judge, or (on the full suite) any
// operation the suite never called. `-- --files eval` narrows the suite as `npm test` does.
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { buildIsCurrent, markBuilt, sourceFingerprint } from "../lib/build.mjs";
import { ROOT, bin, fail, run } from "../lib/proc.mjs";
import { ensureServices } from "../lib/services.mjs";
import { prepareTestDatabase, testEnv } from "../lib/test-env.mjs";

const filesArg = process.argv.indexOf("--files");
const fileFilters = filesArg > 0 ? process.argv[filesArg + 1].split(",") : [];
const env = testEnv();
const runDir = path.join(ROOT, ".run");
mkdirSync(runDir, { recursive: true });
const report = path.join(runDir, "contract.json");
rmSync(report, { force: true });

const started = Date.now();
try {
  await ensureServices({ databaseUrl: env.DATABASE_URL, redisUrl: env.REDIS_URL });
  await prepareTestDatabase(env);
  if (!buildIsCurrent()) {
    const fingerprint = sourceFingerprint();
    await run(bin("next"), ["build"], { env: { ...env, NODE_ENV: "production" } });
    markBuilt(fingerprint);
  }
} catch (error) {
  fail(error.message);
}
const suite = await run(bin("vitest"), ["run", "--project", "api", ...(fileFilters.length ? ["--passWithNoTests", ...fileFilters] : [])], {
  env: { ...env, CONTRACT_REPORT: report, CONTRACT_COMPLETE: fileFilters.length ? "0" : "1" },
}).catch((error) => error);
if (!existsSync(report)) fail(`The contract run wrote no report${suite instanceof Error ? `: ${suite.message}` : ""}`);
const { summary, failures } = JSON.parse(readFileSync(report, "utf8"));
console.log(
  `\n${summary.join("\n")}\n  took ${Math.round((Date.now() - started) / 1000)} s; details in .run/contract-exchanges.json, Prism's log in .run/contract-prism.log`,
);
if (suite instanceof Error) console.log("\n✖ the API suite itself failed (see above)");
for (const failure of failures) console.log(`✖ ${failure}`);
process.exit(failures.length || suite instanceof Error ? 1 : 0);
