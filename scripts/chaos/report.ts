// The chaos run's printout: faults by kind (with when each happened and how long the process or
// service took to come back), the figures, and every invariant with its verdict.
import type { ApiStats } from "./api";
import type { Check, Figures } from "./checks";
import type { FaultInjector } from "./faults";

export function printReport({
  faults,
  figures,
  checks,
  api,
  seconds,
  logDir,
}: {
  faults: FaultInjector;
  figures: Figures;
  checks: Check[];
  api: ApiStats;
  seconds: number;
  logDir: string;
}): boolean {
  const summary = faults.summary();
  const total = Object.values(summary).reduce((a, b) => a + b, 0);
  const line = (label: string, value: string | number) =>
    console.log(`  ${label.padEnd(28)} ${typeof value === "number" ? value.toLocaleString("en-US") : value}`);

  console.log(`\ntest:chaos ${new Date().toISOString()}, ${seconds.toFixed(0)} s in all`);
  console.log("faults injected");
  for (const [kind, n] of Object.entries(summary)) line(kind, n);
  line("total", total);
  for (const record of faults.records)
    console.log(`    ${record.atSeconds.toFixed(1).padStart(6)} s  ${record.kind.padEnd(17)} ${record.note} (back in ${record.recoveredSeconds.toFixed(1)} s)`);
  console.log("figures");
  for (const [label, value] of Object.entries(figures)) line(label, value);
  line("/v1 calls (retries)", `${api.calls.toLocaleString("en-US")} (${api.retries.toLocaleString("en-US")})`);
  line(
    "/v1 failures retried",
    Object.entries(api.errors)
      .map(([kind, n]) => `${kind} ${n}`)
      .join(", ") || "none",
  );
  console.log("invariants");
  for (const check of checks) console.log(`  ${check.ok ? "ok  " : "FAIL"} ${check.name}: ${check.detail}`);
  const ok = checks.every((check) => check.ok);
  console.log(ok ? `\ntest:chaos passed: ${total} faults, 0 lost` : `\ntest:chaos FAILED (process logs: ${logDir})`);
  return ok;
}
