// The layer check of `npm run lint` (docs/architecture.md "Layers"): runs depcruise over lib/ with
// .dependency-cruiser.cjs (its rules, e.g. lib/sending may not import lib/sequences), then finds the
// pairs of lib/ folders that import each other at runtime, and the folder imports that lie on a
// cycle through any number of folders (lib/a → lib/b → lib/c → lib/a). A pair or an import not in
// the config's known lists fails, and so does a listed one that no longer cycles, so the lists only
// shrink. Then the layer order (scripts/layers/layer-order.mjs): no import goes up a layer, every
// lib/ folder has a layer, and nothing the send job reaches from its entry lies above the send path.
import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { LAYERS, SEND_ENTRY, SEND_PATH } from "./layer-order.mjs";

const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, "../..");

/** The top folder of lib/ a module lives in ("sending" for lib/sending/send-draft.ts), or null. */
function libFolder(file) {
  return /^lib\/([^/]+)\//.exec(file)?.[1] ?? null;
}

/** The layer of a lib/ module as placed in `layers` ("(top)" for the files at the top of lib/): its index, -1 when unplaced, null outside lib/. */
function layerOf(file, layers) {
  if (!file.startsWith("lib/")) return null;
  const folder = libFolder(file) ?? "(top)";
  return layers.findIndex((layer) => layer.folders.includes(folder));
}

/** Imports that go up the layer order, and lib/ folders placed in no layer. */
export function layerProblems(modules, layers = LAYERS) {
  const problems = [];
  const unplaced = new Set();
  for (const cruised of modules) {
    const from = layerOf(cruised.source, layers);
    if (from === -1) unplaced.add(libFolder(cruised.source));
    if (from === null || from === -1) continue;
    for (const dependency of cruised.dependencies) {
      const to = layerOf(dependency.resolved, layers);
      if (to !== null && to > from) {
        problems.push(`layer-order: ${cruised.source} → ${dependency.resolved} goes up, from ${layers[from].name} to ${layers[to].name}`);
      }
    }
  }
  for (const folder of unplaced) problems.push(`layer-order: lib/${folder} has no layer: place it in scripts/layers/layer-order.mjs`);
  return problems;
}

/**
 * The modules the send job loads, from its entry (`workers/processors/send.ts`), each with the import
 * that first reached it; and the problems: a lib/ module among them above the send path's layer.
 */
export function sendPathReach(modules, { entry = SEND_ENTRY, sendPath = SEND_PATH, layers = LAYERS } = {}) {
  const bySource = new Map(modules.map((cruised) => [cruised.source, cruised]));
  const reachedFrom = new Map([[entry, null]]);
  const queue = [entry];
  while (queue.length) {
    const file = queue.shift();
    for (const dependency of bySource.get(file)?.dependencies ?? []) {
      if (!bySource.has(dependency.resolved) || reachedFrom.has(dependency.resolved)) continue;
      reachedFrom.set(dependency.resolved, file);
      queue.push(dependency.resolved);
    }
  }
  const ceiling = layers.findIndex((layer) => layer.folders.includes(sendPath));
  const problems = [];
  if (!bySource.has(entry)) problems.push(`send-path: the send job's entry ${entry} was not cruised`);
  for (const file of reachedFrom.keys()) {
    const layer = layerOf(file, layers);
    if (layer === null || (layer !== -1 && layer <= ceiling)) continue;
    const way = [];
    for (let at = file; at !== null; at = reachedFrom.get(at)) way.unshift(at);
    problems.push(`send-path: the send job loads ${file}, above lib/${sendPath} (${layer === -1 ? "no layer" : layers[layer].name}): ${way.join(" → ")}`);
  }
  const ours = [...reachedFrom.keys()].filter((file) => !file.startsWith("node_modules/") && !bySource.get(file)?.coreModule);
  return { reached: ours, problems };
}

/** The imports between lib/ folders: "a>b" → the module imports that make it ("lib/a/x.ts → lib/b/y.ts"). */
export function folderEdges(modules) {
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
  return edges;
}

/** Every pair of lib/ folders that import each other, as "a<->b" (a < b), with the imports that make it. */
export function folderPairs(modules) {
  const edges = folderEdges(modules);
  const pairs = new Map();
  for (const [key, imports] of edges) {
    const [a, b] = key.split(">");
    if (a < b && edges.has(`${b}>${a}`)) pairs.set(`${a}<->${b}`, [...imports, ...edges.get(`${b}>${a}`)]);
  }
  return pairs;
}

/** The shortest way from folder `from` to folder `to` along the imports, as a list of folders, or null. */
function shortestWay(next, from, to) {
  const before = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const folder = queue.shift();
    if (folder === to) {
      const way = [];
      for (let at = to; at !== null; at = before.get(at)) way.unshift(at);
      return way;
    }
    for (const onward of next.get(folder) ?? []) {
      if (!before.has(onward)) {
        before.set(onward, folder);
        queue.push(onward);
      }
    }
  }
  return null;
}

/**
 * Every import between lib/ folders that lies on a cycle of folders, of any length (a→b with a way
 * back from b to a): "a>b" → { cycle: the shortest such cycle, ["a", "b", …, "a"], imports }.
 */
export function cycleImports(modules) {
  const edges = folderEdges(modules);
  const next = new Map();
  for (const key of edges.keys()) {
    const [a, b] = key.split(">");
    if (!next.has(a)) next.set(a, []);
    next.get(a).push(b);
  }
  const onCycle = new Map();
  for (const [key, imports] of edges) {
    const [a, b] = key.split(">");
    const back = shortestWay(next, b, a);
    if (back) onCycle.set(key, { cycle: [a, ...back], imports });
  }
  return onCycle;
}

/** Runs the check in `cwd` (the repository, or a fixture tree with its own tsconfig.json); returns the problems found. */
export async function checkLayers({
  cwd = repo,
  config = path.join(repo, ".dependency-cruiser.cjs"),
  roots = ["lib", SEND_ENTRY],
  layers = LAYERS,
  sendEntry = SEND_ENTRY,
} = {}) {
  const bin = path.join(repo, "node_modules/.bin/depcruise");
  const { stdout } = await run(bin, [...roots, "--config", config, "--output-type", "json"], { cwd, maxBuffer: 256 * 1024 * 1024 }).catch((error) => {
    if (error.stdout) return error; // depcruise exits non-zero on an error-level violation; its JSON is still on stdout
    throw error;
  });
  const result = JSON.parse(stdout);
  const problems = result.summary.violations
    .filter((violation) => violation.rule.severity === "error")
    .map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
  const rules = createRequire(import.meta.url)(config).forbidden;
  const known = new Set(rules.filter((rule) => rule.name === "known-folder-cycle").map((rule) => rule.comment));
  const knownImports = new Set(rules.filter((rule) => rule.name === "known-cycle-import").map((rule) => rule.comment));
  const pairs = folderPairs(result.modules);
  for (const [pair, imports] of pairs) {
    if (!known.has(pair)) problems.push(`no-folder-cycle: lib/${pair.replace("<->", " and lib/")} import each other:\n    ${imports.join("\n    ")}`);
  }
  for (const pair of known) {
    if (!pairs.has(pair)) problems.push(`known-folder-cycle ${pair} no longer cycles: remove it from .dependency-cruiser.cjs`);
  }
  // Cycles through any number of folders: every folder import on one must be known.
  const cycles = cycleImports(result.modules);
  for (const [key, { cycle, imports }] of cycles) {
    if (knownImports.has(key)) continue;
    const way = cycle.map((folder) => `lib/${folder}`).join(" → ");
    problems.push(`no-folder-cycle: lib/${key.replace(">", " → lib/")} closes the cycle ${way}:\n    ${imports.join("\n    ")}`);
  }
  for (const key of knownImports) {
    if (!cycles.has(key)) problems.push(`known-cycle-import ${key} is no longer on a cycle: remove it from .dependency-cruiser.cjs`);
  }
  // The layer order, and the send job's reach.
  problems.push(...layerProblems(result.modules, layers));
  const send = sendPathReach(result.modules, { entry: sendEntry, layers });
  problems.push(...send.problems);
  return { problems, pairs: [...pairs.keys()].sort(), cycleImports: [...cycles.keys()].sort(), sendPath: send.reached.sort() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { problems, pairs, cycleImports: onCycles, sendPath } = await checkLayers();
  if (problems.length) {
    console.error(`Layer check (docs/architecture.md "Layers"): ${problems.length} problem(s)\n${problems.map((p) => `  ✖ ${p}`).join("\n")}`);
    process.exit(1);
  }
  const left = pairs.length ? `${pairs.length} known pair(s) left: ${pairs.join(", ")}` : "no two folders import each other";
  console.log(
    `Layer check: no new folder cycle; ${left}; ${onCycles.length} known folder import(s) on longer cycles left; no import up the layers; the send job loads ${sendPath.length} modules, none above lib/sending`,
  );
}
