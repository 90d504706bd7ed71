// The worker process and the ops CLI compiled ahead of time: workers/index.ts (and lib/cli/index.ts)
// with everything of ours they import, each in one ES module (.build/worker.mjs, .build/cli.mjs),
// with the packages under node_modules left as imports that Node loads itself. Starting the worker
// costs about half the CPU of `node --import tsx workers/index.ts` (measured 2026-11-28: ~4.2 s
// against ~8.5 s of CPU, ready in ~3.3 s against ~5.6 s; docs/benchmarks.md): no TypeScript
// transform at start, no loader thread, one file to compile. Building takes ~0.2 s, so `npm start`,
// `npm test`, the benchmarks and the chaos run build it each time they start. The files live inside
// the checkout so that Node finds node_modules from them (bare imports and createRequire resolve
// upwards from the bundle's folder).
import path from "node:path";
import { build } from "esbuild";
import { ROOT } from "./proc.mjs";

export const WORKER_BUNDLE = path.join(ROOT, ".build", "worker.mjs");
export const CLI_BUNDLE = path.join(ROOT, ".build", "cli.mjs");

/** Builds the worker's and the CLI's bundles. Errors name the source file and line. */
export async function buildWorker() {
  await build({
    entryPoints: { worker: path.join(ROOT, "workers", "index.ts"), cli: path.join(ROOT, "lib", "cli", "index.ts") },
    outdir: path.join(ROOT, ".build"),
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external", // node_modules stay Node's: their own files, Lua scripts and WebAssembly where they expect them
    tsconfig: path.join(ROOT, "tsconfig.json"), // the `@/` paths
    sourcemap: "linked", // stack traces name our .ts files when run with --enable-source-maps
    logLevel: "warning",
  });
  return { worker: WORKER_BUNDLE, cli: CLI_BUNDLE };
}
