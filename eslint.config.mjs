import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Every stored status value (the CHECK constraints of lib/statuses.ts' STATUS_COLUMNS), then the
// computed states of lib/states/ (not stored columns) and every stage name of lib/states/stages.ts.
// lib/status-lint.test.ts checks each list against those modules: eslint.config.mjs cannot import
// the .ts files, so the lists are written out here.
export const STATUS_VALUES = [
  ...["queued", "importing", "running", "awaiting_review", "sending", "completed", "failed", "canceled"], // runs
  ...["pending", "done", "rejected", "stopped"], // run leads
  ...["new", "qualified", "drafted", "approved", "sent", "replied", "suppressed", "bounced"], // leads, drafts
  ...["waiting_relay", "committing", "in_doubt"], // sends
  ...["active", "paused", "finished", "unsubscribed", "company_replied"], // sequences
  ...["succeeded", "dead"], // webhook deliveries
  "draft", // campaigns
  ...["connecting", "reading", "idle"], // mailboxes
];
export const COMPUTED_STATE_VALUES = [
  "not_started", // a mailbox with no status row yet
  "concluded", // experiments (and running)
  ...["expired", "revoked"], // tokens (and active)
  ...["ready", "missing", "failing"], // relay readiness
  ...["scored", "unavailable"], // spam scores (and pending)
];
export const STAGE_NAMES = ["extract_signals", "qualify", "draft_email", "send", "track", "follow_up", "reply"];
const S = STATUS_VALUES.join("|");
const V = `/^(${S})$/`;
const SQL = `/(status|state)"?\\s*(=|<>|!=|IN\\s*\\()\\s*'(${S})'/i`;
const statusMessage = "Name a status through lib/states/ (LEAD_STATUS.sent), not as a string; in SQL pass it as a $n parameter.";

/** Writes of a status (`status: "sent"`, `x.status === "sent"`, SQL): everywhere outside lib/states/ and lib/lifecycle/. */
const STATUS_WRITES = [
  { selector: `Property[key.name=/^(status|state)$/] > Literal[value=${V}]`, message: statusMessage },
  { selector: `BinaryExpression[left.property.name=/^(status|state)$/] > Literal[value=${V}]`, message: statusMessage },
  { selector: `BinaryExpression[right.property.name=/^(status|state)$/] > Literal[value=${V}]`, message: statusMessage },
  { selector: `TemplateElement[value.raw=${SQL}]`, message: statusMessage },
  { selector: `Literal[value=${SQL}]`, message: statusMessage },
];

// In the UI (components/, app/(app)/) no status value or stage name is typed at all where it is
// compared or listed: the UI reads lib/states/ (values, groups, labels) and lib/states/stages.ts.
const VS = `/^(${[...STATUS_VALUES, ...COMPUTED_STATE_VALUES, ...STAGE_NAMES].join("|")})$/`;
/** A name that holds a status, state or stage: `status`, `run.state`, `sequenceStatus`, `stage`. */
const N = `/(^|_)(status|state|stage)$|[a-z](Status|State|Stage)$/`;
const uiMessage = "Name a status or stage through lib/states/ (RUN_STATUS.running, STAGE.qualify, a group such as ENDED_RUN_STATUSES), not as a string.";
export const UI_STATE_SELECTORS = [
  // x.status === "…", x?.status !== "…", stage === "…", either side
  ...["left", "right"].map((side) => {
    const other = side === "left" ? "right" : "left";
    return `BinaryExpression:matches([${side}.property.name=${N}], [${side}.expression.property.name=${N}], [${side}.name=${N}]) > Literal.${other}[value=${VS}]`;
  }),
  // switch (status) { case "…": }
  `SwitchCase > Literal.test[value=${VS}]`,
  // ["running", "queued"].includes(…), new Set(["done", "failed"]), const ENDED = ["completed", …]: a list of nothing but states or stages
  `ArrayExpression:not(:has(Literal:not([value=${VS}]))) > Literal[value=${VS}]`,
  // { stage: "qualify" }, <StatusBadge state="running" />, type X = { status: "queued" | "done" }
  `Property[key.name=${N}] > Literal.value[value=${VS}]`,
  `Property[key.name=${N}] > ConditionalExpression > Literal[value=${VS}]`,
  `JSXAttribute[name.name=${N}] > Literal[value=${VS}]`,
  `TSPropertySignature[key.name=${N}] TSLiteralType > Literal[value=${VS}]`,
  `TSTypeAliasDeclaration[id.name=${N}] TSLiteralType > Literal[value=${VS}]`,
];
const UI_FILES = ["components/**/*.ts", "components/**/*.tsx", "app/(app)/**/*.ts", "app/(app)/**/*.tsx"];

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ["node_modules/**", ".next/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".run/**", ".build/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Prettier (.prettierrc.json, checked by `npm run lint` and npm test's lint step) wraps code at
      // 160; this catches what it cannot wrap, comments included. Long strings are left whole.
      "max-len": ["error", { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
    },
  },
  {
    // lib/ is the domain: it never reaches into the app or the components.
    files: ["lib/**/*.ts", "workers/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["@/app/*", "@/components/*"] }],
    },
  },
  {
    // components/ run in the browser too: from lib/ they take types (erased at build) and only the
    // pure modules listed here, never server code (database, Redis, secrets).
    files: ["components/**/*.ts", "components/**/*.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex:
                "^@/lib/(?!auth/roles$|auth/sign-in-errors$|events/types$|prompts/diff$|prompts/template-variables$|imports/columns$|icp/icp-fields$|reply-categories$|statuses$|states/[a-z-]+$|lifecycle/stages$|lifecycle/draft-kind$|packs/pin-label$|campaigns/duration$|campaigns/step-form$)",
              allowTypeImports: true,
              message: "components/ may import only types and the pure modules allowed in eslint.config.mjs from lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // A status is named through lib/states/'s name objects, never written as a string literal.
    files: ["lib/**/*.ts", "workers/**/*.ts", "components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    ignores: ["lib/lifecycle/**", "lib/states/**", "lib/statuses.ts", "**/*.test.ts", "lib/generated/**"],
    rules: { "no-restricted-syntax": ["error", ...STATUS_WRITES] },
  },
  {
    // The UI also compares and lists no status or stage by its string (these selectors cover the
    // first three writes of STATUS_WRITES, for more names and values) (issue 34; lib/status-lint.test.ts shows it firing).
    files: UI_FILES,
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: { "no-restricted-syntax": ["error", ...STATUS_WRITES.slice(3), ...UI_STATE_SELECTORS.map((selector) => ({ selector, message: uiMessage }))] },
  },
  {
    // lib/states/ is what the browser imports: it imports nothing but itself (no database, Prisma, Node or other lib/ module).
    files: ["lib/states/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!@/lib/states/)", message: "lib/states/ is browser-safe: it imports only lib/states/." }] },
      ],
    },
  },
];

export default config;
