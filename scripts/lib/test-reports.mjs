import path from "node:path";
import { ROOT } from "./proc.mjs";

// Reading vitest's and Playwright's JSON reports for `npm test`'s summary: every failing test named
// with the first line of its error, so a CI log cut to its last lines still says what failed; and
// each file's time, which balances the next run's shards (scripts/lib/slots.mjs).

const firstLine = (text = "") =>
  text
    .split("\n")
    .find((line) => line.trim())
    ?.trim()
    .slice(0, 200) ?? "";

export const vitestFailures = (summary) =>
  summary.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    if (!failedTests.length && file.status === "failed") return [`${where}: ${firstLine(file.message)}`];
    return failedTests.map((test) => `${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });

export const vitestDurations = (summary) =>
  Object.fromEntries(summary.testResults.map((file) => [path.relative(ROOT, file.name), Math.max(0, Math.round(file.endTime - file.startTime))]));

function* specs(report) {
  const walk = function* (suite) {
    for (const spec of suite.specs ?? []) yield spec;
    for (const child of suite.suites ?? []) yield* walk(child);
  };
  for (const suite of report.suites ?? []) yield* walk(suite);
}

export function playwrightFailures(report) {
  const names = [];
  for (const spec of specs(report))
    for (const test of spec.tests ?? [])
      if (test.status === "unexpected" || test.status === "flaky")
        names.push(`${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${firstLine(test.results?.at(-1)?.error?.message)}`);
  return names;
}

/** Each spec file's time (the sum of its tests' runs), keyed like the files the shards are planned from (e2e/…). */
export function playwrightDurations(report) {
  const durations = {};
  for (const spec of specs(report)) {
    const file = path.join("e2e", spec.file);
    for (const test of spec.tests ?? []) for (const result of test.results ?? []) durations[file] = (durations[file] ?? 0) + result.duration;
  }
  return durations;
}
