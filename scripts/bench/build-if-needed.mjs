// Benchmarks measure the production build: build it unless it is current, and the worker's bundle.
import { randomBytes } from "node:crypto";
import { buildIsCurrent, markBuilt, sourceFingerprint } from "../lib/build.mjs";
import { bin, run } from "../lib/proc.mjs";
import { buildWorker } from "../lib/worker-build.mjs";

if (!buildIsCurrent()) {
  const fingerprint = sourceFingerprint();
  // Collecting page data loads the configuration, which needs secrets; the bench supplies its own at run time.
  const secrets = { AUTH_SECRET: randomBytes(32).toString("base64url"), ENCRYPTION_KEY: randomBytes(32).toString("base64") };
  await run(bin("next"), ["build"], { env: { ...secrets, ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" } });
  markBuilt(fingerprint);
}
// The worker as `npm start` runs it (the chaos run starts it from here).
await buildWorker();
