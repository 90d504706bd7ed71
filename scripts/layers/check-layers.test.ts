import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLayers } from "./check-layers.mjs";

// The layer check of `npm run lint` over a small tree of its own, with the repository's rules
// (.dependency-cruiser.cjs): it fires on lib/sending importing lib/sequences and on two lib/ folders
// importing each other at runtime, and lets type-only imports point either way.

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "layers-"));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", paths: { "@/*": ["./*"] } } }));
  // The named rule: the send path may not import the sequences.
  write("lib/sending/send.ts", 'import { hold } from "@/lib/sequences/hold";\nexport const send = () => hold();\n');
  write("lib/sequences/hold.ts", "export const hold = () => true;\n");
  // A runtime cycle between two folders.
  write("lib/alpha/a.ts", 'import { b } from "@/lib/beta/b";\nexport const a = () => b();\n');
  write("lib/beta/b.ts", 'import { c } from "../alpha/c";\nexport const b = () => c;\n');
  write("lib/alpha/c.ts", "export const c = 1;\n");
  // Types only one way: no cycle (TypeScript erases these imports).
  write("lib/gamma/g.ts", 'import { d } from "@/lib/delta/d";\nexport type G = { n: number };\nexport const g = () => d();\n');
  write("lib/delta/d.ts", 'import type { G } from "@/lib/gamma/g";\nexport const d = (): G => ({ n: 1 });\n');
  write("lib/delta/e.ts", 'import { G } from "@/lib/gamma/g";\nexport const e = (value: G) => value.n;\n');
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("check-layers", () => {
  it("fires on lib/sending importing lib/sequences, and on two lib/ folders importing each other at runtime only", async () => {
    const { problems, pairs } = await checkLayers({ cwd: root });
    expect(problems).toContain("sending-not-sequences: lib/sending/send.ts → lib/sequences/hold.ts");
    expect(pairs).toEqual(["alpha<->beta"]);
    const cycle = problems.find((problem) => problem.startsWith("no-folder-cycle:"));
    expect(cycle).toContain("lib/alpha and lib/beta import each other");
    expect(cycle).toContain("lib/beta/b.ts → lib/alpha/c.ts");
    expect(problems.some((problem) => problem.includes("gamma") || problem.includes("delta"))).toBe(false);
  }, 60_000);
});
