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
// every folder import that lies on a cycle of any length, by importing folder. check-layers fails on
// an import that closes a cycle and is not listed here (it names the shortest cycle), and on a listed
// one that no longer lies on a cycle (remove it). Most of these folders form one tangle today; each
// entry removed is a step out of it.
const KNOWN_CYCLE_IMPORTS = {
  audit: ["workspaces"], // audit-names.ts reads the workspace slug; workspaces → offer → audit
  campaigns: ["evals", "packs", "senders"],
  drafts: ["campaigns", "leads", "pipeline", "runs", "senders", "sending", "sequences", "spam"],
  evals: ["sending"],
  experiments: ["evals", "packs"],
  imports: ["senders"], // columns.ts reads the senders' send window
  leads: ["senders"], // create-lead.ts reads the senders' send window
  mailbox: ["replies", "senders", "suppressions"],
  offer: ["audit"],
  packs: ["evals", "imports"],
  pipeline: ["experiments", "senders", "spam"],
  replies: ["drafts", "experiments", "pipeline", "runs", "senders", "sequences", "suppressions"], // experiments: an answer takes its lead's variant (issue 37)
  runs: ["campaigns", "imports", "leads", "packs", "pipeline", "sequences"],
  senders: ["suppressions"], // health.ts reads the system actor of suppressions.ts
  sending: ["mailbox", "replies", "runs", "senders", "suppressions"], // upward: mailbox, replies, runs
  sequences: ["campaigns", "experiments", "pipeline", "senders", "sending", "spam"],
  spam: ["senders", "sending"],
  suppressions: ["sequences"], // upward: suppressions.ts ends sequences (stop-rules.ts)
  workspaces: ["offer"],
};

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
