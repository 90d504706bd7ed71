import path from "node:path";
import { defineConfig } from "vitest/config";

// Three projects: unit (pure logic next to the code), integration (real PostgreSQL and Redis, one
// file at a time because they share the test database) and api (HTTP against `next start` of the
// built app). `npm test` sets the environment and builds before the api project.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "workers/**/*.test.ts", "components/**/*.test.ts", "scripts/layers/*.test.ts", "scripts/lib/*.test.ts"],
          environment: "node",
          // A few unit tests read a 200-lead run or a corpus (a second or two on a quiet machine); on a
          // loaded 2-core machine vitest's 5 s default failed one that was only slow (2026-11-28: 8.6 s
          // at load 8). A deadline here only decides how soon a hung test is reported.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/setup-send-hooks.ts"],
          pool: "forks",
          poolOptions: { forks: { singleFork: true } }, // one file at a time: they share the test database
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/api/global-setup.ts"],
          setupFiles: ["tests/setup-send-hooks.ts"],
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 60_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
