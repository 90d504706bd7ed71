import path from "node:path";
import { defineConfig } from "vitest/config";

// Two projects: unit (pure logic next to the code) and integration (real PostgreSQL and Redis,
// one file at a time because they share the test database). `npm test` sets the environment.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "workers/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          pool: "forks",
          poolOptions: { forks: { singleFork: true } }, // one file at a time: they share the test database
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
