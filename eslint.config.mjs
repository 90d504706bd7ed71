import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    ignores: ["node_modules/**", ".next/**", "lib/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**", ".run/**"],
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
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
              regex: "^@/lib/(?!auth/roles$|auth/sign-in-errors$|events/types$|prompts/diff$|prompts/template-variables$|imports/columns$|replies/categories$|statuses$|lifecycle/stages$)",
              allowTypeImports: true,
              message: "components/ may import only types and the pure modules allowed in eslint.config.mjs from lib/.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
