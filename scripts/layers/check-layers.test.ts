import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLayers } from "./check-layers.mjs";
import { LAYERS, SEND_PATH } from "./layer-order.mjs";

// The layer check of `npm run lint` over a small tree of its own, with the repository's rules
// (.dependency-cruiser.cjs): it fires on lib/sending importing lib/sequences, on two lib/ folders
// importing each other at runtime, on a cycle through three folders, on an import up the layer order
// and on the send job loading a module above the send path, and lets type-only imports and imports in
// a line pass. Then the repository itself: no problem, and the send job loads exactly the modules
// docs/architecture.md draws.

let root: string;
const repo = path.resolve(import.meta.dirname, "../..");
// The fixture's layers: its folders at the bottom, the send path above them, the sequences on top.
const layers = [
  { name: "bottom", folders: ["alpha", "beta", "gamma", "delta", "one", "two", "three", "four", "five", "six", "seven"] },
  { name: "the send path", folders: ["sending"] },
  { name: "features", folders: ["sequences"] },
];
const fixture = () => checkLayers({ cwd: root, roots: ["lib"], layers, sendEntry: "lib/sending/send.ts", config: path.join(root, "depcruise.cjs") });

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
  // A cycle through three folders, no two of which import each other: one → two → three → one.
  write("lib/one/one.ts", 'import { two } from "@/lib/two/two";\nexport const one = () => two() + 1;\n');
  write("lib/two/two.ts", 'import { three } from "@/lib/three/three";\nexport const two = () => three() + 1;\n');
  write("lib/three/three.ts", 'import { base } from "@/lib/one/base";\nexport const three = () => base + 1;\n');
  write("lib/one/base.ts", "export const base = 0;\n");
  // Three folders in a line (four → five → six): no cycle.
  write("lib/four/four.ts", 'import { five } from "@/lib/five/five";\nexport const four = () => five();\n');
  write("lib/five/five.ts", 'import { six } from "@/lib/six/six";\nexport const five = () => six;\n');
  write("lib/six/six.ts", "export const six = 6;\n");
  // An import up the layers, off the send path; and a folder with no layer.
  write("lib/seven/seven.ts", 'import { hold } from "@/lib/sequences/hold";\nexport const seven = () => hold();\n');
  write("lib/nowhere/nowhere.ts", "export const nowhere = 0;\n");
  // The repository's rules, with one known cycle import that this tree does not have.
  write(
    "depcruise.cjs",
    `const base = require(${JSON.stringify(path.join(repo, ".dependency-cruiser.cjs"))});\n` +
      `module.exports = { ...base, forbidden: [...base.forbidden, { name: "known-cycle-import", comment: "sending>replies", severity: "ignore", from: { path: "^lib/sending/" }, to: { path: "^lib/replies/" } }] };\n`,
  );
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("check-layers", () => {
  it("fires on lib/sending importing lib/sequences, and on two lib/ folders importing each other at runtime only", async () => {
    const { problems, pairs } = await fixture();
    expect(problems).toContain("sending-not-sequences: lib/sending/send.ts → lib/sequences/hold.ts");
    expect(pairs).toEqual(["alpha<->beta"]);
    const cycle = problems.find((problem) => problem.startsWith("no-folder-cycle:"));
    expect(cycle).toContain("lib/alpha and lib/beta import each other");
    expect(cycle).toContain("lib/beta/b.ts → lib/alpha/c.ts");
    expect(problems.some((problem) => problem.includes("gamma") || problem.includes("delta"))).toBe(false);
  }, 60_000);

  it("fires on a cycle through three folders, naming it, and not on three folders in a line", async () => {
    const { problems, cycleImports } = await fixture();
    expect(cycleImports).toEqual(["alpha>beta", "beta>alpha", "one>two", "three>one", "two>three"]);
    const closes = problems.filter((problem) => problem.includes("closes the cycle"));
    expect(closes).toContain(
      "no-folder-cycle: lib/three → lib/one closes the cycle lib/three → lib/one → lib/two → lib/three:\n    lib/three/three.ts → lib/one/base.ts",
    );
    expect(closes.some((problem) => problem.startsWith("no-folder-cycle: lib/one → lib/two closes the cycle lib/one → lib/two → lib/three → lib/one"))).toBe(
      true,
    );
    expect(problems.some((problem) => /four|five|six/.test(problem))).toBe(false);
    // A known cycle import this tree does not have is reported as gone.
    expect(problems).toContain("known-cycle-import sending>replies is no longer on a cycle: remove it from .dependency-cruiser.cjs");
  }, 60_000);

  it("fires on an import up the layers, on a folder with no layer, and on the send job loading a module above the send path", async () => {
    const { problems, sendPath } = await fixture();
    expect(problems).toContain("layer-order: lib/seven/seven.ts → lib/sequences/hold.ts goes up, from bottom to features");
    expect(problems).toContain("layer-order: lib/sending/send.ts → lib/sequences/hold.ts goes up, from the send path to features");
    expect(problems).toContain("layer-order: lib/nowhere has no layer: place it in scripts/layers/layer-order.mjs");
    expect(sendPath).toEqual(["lib/sending/send.ts", "lib/sequences/hold.ts"]);
    expect(problems.filter((problem) => problem.startsWith("send-path:"))).toEqual([
      "send-path: the send job loads lib/sequences/hold.ts, above lib/sending (features): lib/sending/send.ts → lib/sequences/hold.ts",
    ]);
    expect(problems.some((problem) => /four|five|six/.test(problem))).toBe(false);
  }, 60_000);
});

describe("the repository's layers", () => {
  it("has no layer problem, and the send job (workers/processors/send.ts) loads exactly the modules docs/architecture.md draws, none above lib/sending", async () => {
    const { problems, sendPath } = await checkLayers();
    expect(problems).toEqual([]);
    const ceiling = LAYERS.findIndex((layer) => layer.folders.includes(SEND_PATH));
    const allowed = new Set(LAYERS.slice(0, ceiling + 1).flatMap((layer) => layer.folders));
    const loaded = sendPath.filter((file) => file.startsWith("lib/"));
    expect(loaded.filter((file) => !allowed.has(/^lib\/([^/]+)\//.exec(file)?.[1] ?? "(top)"))).toEqual([]);
    // The drawing: the lines "lib/<folder>: a, b" (or "lib: a, b") of the block after its marker.
    const doc = readFileSync(path.join(repo, "docs/architecture.md"), "utf8");
    const block = /<!-- send-job-modules -->\s*```text\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(block, "docs/architecture.md has the send job's modules").toBeTruthy();
    const drawn = block!.split("\n").flatMap((line) => {
      const match = /^\s*(lib(?:\/[a-z-]+)?): (.+)$/.exec(line);
      return match ? match[2].split(",").map((name) => `${match[1]}/${name.trim()}.ts`) : [];
    });
    expect([...drawn].sort()).toEqual(loaded);
  }, 60_000);
});
