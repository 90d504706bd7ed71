// The layer rules of lib/ (docs/architecture.md "Layers"), checked by `npm run lint` through
// scripts/layers/check-layers.mjs, which runs depcruise with this file and adds the folder rules
// that depcruise has no rule form for: no two lib/ folders import each other, and no import between
// folders closes a cycle through more of them.
//
// Only runtime imports count: tsPreCompilationDeps is false, so an `import type` (or an import used
// only as a type, which TypeScript erases) is not a dependency here. Types may point either way.

// Pairs of lib/ folders that still import each other at runtime: none are left (the last 12 were
// broken in issue 34). Were one ever listed again ("a<->b", a before b in alphabetical order) it would
// be a debt to pay off, not a permission: check-layers fails on a pair that is not listed here (a new
// cycle) and on a listed pair that no longer cycles (remove it).
/** @type {string[]} */
const KNOWN_FOLDER_CYCLES = [];

// Cycles through three or more folders (lib/sending → lib/replies → lib/sequences → lib/sending):
// every folder import that lies on a cycle of any length, by importing folder ({ a: ["b"] } for the
// import a → b). check-layers fails on an import that closes a cycle and is not listed here (it names
// the shortest cycle), and on a listed one that no longer lies on a cycle (remove it). None are left:
// the 56 of issue 34 came apart once the send path and the suppression list stopped importing upward
// and the workspace slug moved to lib/slug.ts. As with the pairs, an entry would be a debt, not a permission.
/** @type {Record<string, string[]>} */
const KNOWN_CYCLE_IMPORTS = {};

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
    ...Object.entries(KNOWN_CYCLE_IMPORTS).flatMap(([a, targets]) =>
      targets.map((b) => ({ name: "known-cycle-import", comment: `${a}>${b}`, severity: "ignore", from: { path: `^lib/${a}/` }, to: { path: `^lib/${b}/` } })),
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^lib/generated/", "\\.test\\.ts$"] },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
