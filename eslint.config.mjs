import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// Every status value of lib/statuses.ts (lib/status-lint.test.ts checks that this list is their union).
// eslint.config.mjs cannot import the .ts file, so the list is written out here.
export const STATUS_VALUES = [
  "queued",
  "importing",
  "running",
  "awaiting_review",
  "sending",
  "completed",
  "failed",
  "canceled",
  "pending",
  "done",
  "rejected",
  "stopped",
  "new",
  "qualified",
  "drafted",
  "approved",
  "sent",
  "replied",
  "suppressed",
  "bounced",
  "waiting_relay",
  "committing",
  "in_doubt",
  "succeeded",
  "dead",
  "draft",
  "connecting",
  "reading",
  "idle",
  "active",
  "paused",
  "finished",
  "bounced",
  "unsubscribed",
  "company_replied",
];
const S = STATUS_VALUES.join("|");
const V = `/^(${S})$/`;
const SQL = `/(status|state)"?\\s*(=|<>|!=|IN\\s*\\()\\s*'(${S})'/i`;
const statusMessage = "Name a status through lib/statuses.ts (LEAD_STATUS.sent), not as a string; in SQL pass it as a $n parameter.";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ["node_modules/**", ".next/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".run/**"],
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
                "^@/lib/(?!auth/roles$|auth/sign-in-errors$|events/types$|prompts/diff$|prompts/template-variables$|imports/columns$|icp/icp-fields$|reply-categories$|statuses$|lifecycle/stages$|packs/pin-label$|campaigns/duration$|campaigns/step-form$)",
              allowTypeImports: true,
              message: "components/ may import only types and the pure modules allowed in eslint.config.mjs from lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // A status is named through lib/statuses.ts's name objects, never written as a string literal.
    files: ["lib/**/*.ts", "workers/**/*.ts", "components/**/*.ts", "components/**/*.tsx", "app/**/*.ts", "app/**/*.tsx"],
    ignores: ["lib/lifecycle/**", "lib/statuses.ts", "**/*.test.ts", "lib/generated/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: `Property[key.name=/^(status|state)$/] > Literal[value=${V}]`, message: statusMessage },
        { selector: `BinaryExpression[left.property.name=/^(status|state)$/] > Literal[value=${V}]`, message: statusMessage },
        { selector: `BinaryExpression[right.property.name=/^(status|state)$/] > Literal[value=${V}]`, message: statusMessage },
        { selector: `TemplateElement[value.raw=${SQL}]`, message: statusMessage },
        { selector: `Literal[value=${SQL}]`, message: statusMessage },
      ],
    },
  },
];

export default config;
