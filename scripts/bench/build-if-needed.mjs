// Benchmarks measure the production build: build it unless it is current.
import { buildIsCurrent, markBuilt, sourceFingerprint } from "../lib/build.mjs";
import { bin, run } from "../lib/proc.mjs";

if (!buildIsCurrent()) {
  const fingerprint = sourceFingerprint();
  await run(bin("next"), ["build"], { env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" } });
  markBuilt(fingerprint);
}
