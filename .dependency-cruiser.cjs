// The layer rules of lib/ (docs/architecture.md "Layers"), checked by `npm run lint` through
// scripts/layers/check-layers.mjs, which runs depcruise with this file and adds the folder-pair rule
// that depcruise has no rule form for.
//
// Only runtime imports count: tsPreCompilationDeps is false, so an `import type` (or an import used
// only as a type, which TypeScript erases) is not a dependency here. Types may point either way.

// Pairs of lib/ folders that still import each other at runtime. Each one is a debt to pay off, not
// a permission: check-layers fails on a pair that is not listed here (a new cycle) and on a listed
// pair that no longer cycles (remove it). Written "a<->b" with a before b in alphabetical order.
const KNOWN_FOLDER_CYCLES = [
  "engine<->replies", // the local engine reads the reply categories; replies fall back to the local engine
  "evals<->packs", // evals read pack ICPs; lib/packs/approve-pack.ts compares evaluations
  "governance<->packs", // lib/governance/prompt-set.ts reads pins; packs are approved through governance
  "pipeline<->replies", // replies resolve prompts through the pipeline; the pipeline resumes track jobs
  "prompts<->replies", // lib/prompts/stage-output.ts reads the reply categories; replies run prompts
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "sending-not-sequences",
      comment: "The send path is a leaf: sequences register their before-send and after-send hooks with it (lib/sending/hooks.ts).",
      severity: "error",
      from: { path: "^lib/sending/" },
      to: { path: "^lib/sequences/" },
    },
    {
      name: "lib-not-app-or-components",
      comment: "lib/ is the domain: it never imports routes or components.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|components)/" },
    },
    // Read by scripts/layers/check-layers.mjs: these rules only carry the known pairs (severity "ignore").
    ...KNOWN_FOLDER_CYCLES.map((pair) => {
      const [a, b] = pair.split("<->");
      return { name: "known-folder-cycle", comment: pair, severity: "ignore", from: { path: `^lib/${a}/` }, to: { path: `^lib/${b}/` } };
    }),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^lib/generated/", "\\.test\\.ts$"] },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
