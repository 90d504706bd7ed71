// The layer check of `npm run lint` (docs/architecture.md "Layers"): runs depcruise over lib/ with
// .dependency-cruiser.cjs (its rules, e.g. lib/sending may not import lib/sequences), then finds the
// pairs of lib/ folders that import each other at runtime. A pair not in the config's known list
// fails, and so does a listed pair that no longer cycles, so the list only shrinks.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");

/** The top folder of lib/ a module lives in ("sending" for lib/sending/send-draft.ts), or null. */
function libFolder(file) {
  return /^lib\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** Every pair of lib/ folders that import each other, as "a<->b" (a < b), with the imports that make it. */
export function folderPairs(modules) {
  const edges = new Map();
  for (const cruised of modules) {
    const from = libFolder(cruised.source);
    for (const dependency of cruised.dependencies) {
      const to = libFolder(dependency.resolved);
      if (!from || !to || from === to) continue;
      const key = `${from}>${to}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(`${cruised.source} → ${dependency.resolved}`);
    }
  }
  const pairs = new Map();
  for (const [key, imports] of edges) {
    const [a, b] = key.split(">");
    if (a < b && edges.has(`${b}>${a}`)) pairs.set(`${a}<->${b}`, [...imports, ...edges.get(`${b}>${a}`)]);
  }
  return pairs;
}

/** Runs the check in `cwd` (the repository, or a fixture tree with its own tsconfig.json); returns the problems found. */
export async function checkLayers({ cwd = repo, config = path.join(repo, ".dependency-cruiser.cjs"), roots = ["lib"] } = {}) {
  const bin = path.join(repo, "node_modules/.bin/depcruise");
  const { stdout } = await run(bin, [...roots, "--config", config, "--output-type", "json"], { cwd, maxBuffer: 256 * 1024 * 1024 }).catch((error) => {
    if (error.stdout) return error; // depcruise exits non-zero on an error-level violation; its JSON is still on stdout
    throw error;
  });
  const result = JSON.parse(stdout);
  const problems = result.summary.violations
    .filter((violation) => violation.rule.severity === "error")
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
  const known = new Set(
    createRequire(import.meta.url)(config)
      .forbidden.filter((rule) => rule.name === "known-folder-cycle")
      .map((rule) => rule.comment),
  );
  const pairs = folderPairs(result.modules);
  for (const [pair, imports] of pairs) {
    if (!known.has(pair)) problems.push(`no-folder-cycle: lib/${pair.replace("<->", " and lib/")} import each other:\n    ${imports.join("\n    ")}`);
  }
  for (const pair of known) {
    if (!pairs.has(pair)) problems.push(`known-folder-cycle ${pair} no longer cycles: remove it from .dependency-cruiser.cjs`);
  }
  return { problems, pairs: [...pairs.keys()].sort() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, pairs } = await checkLayers();
  if (problems.length) {
    console.error(`Layer check (docs/architecture.md "Layers"): ${problems.length} problem(s)\n${problems.map((p) => `  ✖ ${p}`).join("\n")}`);
    process.exit(1);
  }
  console.log(`Layer check: no new folder cycle; ${pairs.length} known pair(s) left: ${pairs.join(", ")}`);
}
