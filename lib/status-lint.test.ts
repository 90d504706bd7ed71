import { readdirSync } from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { STATUS_COLUMNS } from "@/lib/statuses";
import { STAGES } from "@/lib/states/stages";
// @ts-expect-error eslint.config.mjs has no type declarations
import { COMPUTED_STATE_VALUES, STAGE_NAMES, STATUS_VALUES } from "../eslint.config.mjs";

/** Every value of every state list lib/states/ exports (`*_STATUSES`, `*_STATES`, `*_REASONS`). */
async function stateValues(): Promise<Set<string>> {
  const dir = path.join(process.cwd(), "lib/states");
  const values = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts") && name !== "stages.ts")) {
    const exports: Record<string, unknown> = await import(/* @vite-ignore */ path.join(dir, file));
    for (const [name, list] of Object.entries(exports))
      if (/_(STATUSES|STATES|REASONS)$/.test(name) && Array.isArray(list)) for (const v of list) values.add(v);
  }
  return values;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe("the status lint rule's lists", () => {
  it("lists exactly the stored status values of lib/statuses.ts", () => {
    expect(sorted(STATUS_VALUES as string[])).toEqual(sorted(STATUS_COLUMNS.flatMap(({ values }) => [...values])));
  });

  it("lists with the computed states exactly the values of lib/states/, and exactly its stages", async () => {
    expect(sorted([...(STATUS_VALUES as string[]), ...(COMPUTED_STATE_VALUES as string[])])).toEqual(sorted(await stateValues()));
    expect(sorted(STAGE_NAMES as string[])).toEqual(sorted(STAGES));
  });
});

// The rule run as `npm run lint` runs it (eslint.config.mjs), on code given as a file of components/.
const eslint = new ESLint({ cwd: process.cwd() });
async function problems(code: string, filePath = "components/runs/fixture.tsx"): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => code.split("\n")[m.line - 1].trim());
}

describe("the status lint rule in the UI", { timeout: 60_000 }, () => {
  it("fails on a status or stage typed where it is compared, switched on, listed or set", async () => {
    const code = [
      `declare const run: { status: string; stage?: string } | undefined; declare const stage: string; declare const sequenceStatus: string;`,
      `export const a = run?.status === "running";`,
      `export const b = "awaiting_review" !== run?.status;`,
      `export const c = stage === "follow_up";`,
      `export const d = sequenceStatus === "paused";`,
      `export const e = ["completed", "failed", "canceled"].includes(run?.status ?? "");`,
      `export const f = new Set(["done", "rejected"]);`,
      `export function g(status: string) { switch (status) { case "in_doubt": return 1; default: return 0; } }`,
      `export const h = { stage: "qualify" };`,
      `export type I = { status: "queued" | "done" };`,
      `export const j = run?.status === "concluded";`,
    ].join("\n");
    const found = await problems(code);
    expect(found.map((line) => line.slice(0, 16))).toEqual([
      "export const a =",
      "export const b =",
      "export const c =",
      "export const d =",
      ...Array(3).fill("export const e ="),
      ...Array(2).fill("export const f ="),
      "export function ",
      "export const h =",
      ...Array(2).fill("export type I = "),
      "export const j =",
    ]);
  });

  it("passes the same code written with lib/states/, and strings that are no state", async () => {
    const code = [
      `import { ENDED_RUN_STATUSES, RUN_STATUS, isEndedRun } from "@/lib/states/run";`,
      `import { STAGE } from "@/lib/states/stages";`,
      `declare const run: { status: string; kind: string } | undefined; declare const stage: string;`,
      `export const a = run?.status === RUN_STATUS.running;`,
      `export const c = stage === STAGE.follow_up;`,
      `export const e = isEndedRun(run?.status) || ENDED_RUN_STATUSES.length;`,
      `export const k = run?.kind === "sent";`, // a thread entry's kind, not a status
      `export const l = ["rows", "imported", "qualified"];`, // count keys: not a list of states only
      `export const m = { status: 200 };`,
    ].join("\n");
    expect(await problems(code)).toEqual([]);
  });

  it("leaves lib/states/ and tests alone, and holds app/(app) pages to it", async () => {
    const code = `declare const stage: string;\nexport const c = stage === "track";`;
    expect(await problems(code, "lib/states/fixture.ts")).toEqual([]);
    expect(await problems(code, "components/runs/fixture.test.ts")).toEqual([]);
    expect(await problems(code, "app/(app)/runs/fixture.tsx")).toHaveLength(1);
  });
});
