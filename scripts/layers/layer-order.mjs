// The layer order of lib/ (docs/architecture.md "Layers"), from the bottom: a module imports only
// modules of its own layer or of a layer below (types may point either way: TypeScript erases them).
// scripts/layers/check-layers.mjs fails on an import that goes up, on a lib/ folder placed in no
// layer, and on a module the send job reaches (from SEND_ENTRY) that lies above the send path.
// "(top)" stands for the files at the top of lib/ (db.ts, queues.ts, statuses.ts, …).

/** @type {{ name: string, folders: string[] }[]} */
export const LAYERS = [
  {
    name: "shared pieces and owners",
    folders: [
      "(top)",
      "states",
      "config",
      "http",
      "net",
      "crypto",
      "dns",
      "nlp",
      "icp",
      "stages",
      "review-checks",
      "jobs",
      "health",
      "metrics",
      "idempotency",
      "lifecycle",
      "events",
      "audit",
      "offer",
      "auth",
      "users",
      "members",
      "workspaces",
      "tokens",
    ],
  },
  { name: "prompts", folders: ["providers", "engine", "prompts", "governance"] },
  { name: "the suppression list", folders: ["suppressions"] },
  { name: "senders", folders: ["senders"] },
  { name: "the default sender", folders: ["relay"] },
  { name: "the send path", folders: ["sending"] },
  {
    name: "domain features",
    folders: [
      "drafts",
      "sequences",
      "runs",
      "replies",
      "mailbox",
      "pipeline",
      "packs",
      "evals",
      "spam",
      "campaigns",
      "experiments",
      "imports",
      "leads",
      "webhooks",
      "replays",
    ],
  },
  { name: "composition", folders: ["wiring", "housekeeping"] },
  { name: "on top", folders: ["api", "web", "cli"] },
];

/** The send job's entry: the worker's send processor. Nothing it reaches may lie above SEND_PATH. */
export const SEND_ENTRY = "workers/processors/send.ts";
/** The folder of the send path. */
export const SEND_PATH = "sending";
