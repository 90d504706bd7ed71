import { defineConfig } from "@playwright/test";

// Browser tests run Debian's Chromium against `next start` and the worker, on the test database
// that `npm test` prepared and seeded. Screenshots go to e2e/screenshots/.
const port = Number(process.env.PORT ?? 3100);
const workerPort = Number(process.env.WORKER_PORT ?? 3101);
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "e2e",
  // `npm test` runs the specs in shards side by side, each with its own report and output folder.
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? ".run/playwright-output",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous waits: CI and development share two cores with the app, the worker and Chromium, and a
  // wait that only decides how soon a failure is reported costs nothing when the test passes.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_REPORT ?? ".run/playwright.json" }]],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  webServer: [
    {
      command: `node node_modules/next/dist/bin/next start -p ${port}`,
      url: `${baseURL}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      // A retry window other than the 24 h default, so pages that state it must read the configuration.
      env: { APP_URL: baseURL, NEXTAUTH_URL: baseURL, WEBHOOK_RETRY_WINDOW_SECONDS: "129600" },
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      // The bundle `npm test` built (scripts/lib/worker-build.mjs), or the sources through tsx.
      command: process.env.WORKER_BUNDLE ? `node ${process.env.WORKER_BUNDLE}` : "node --import tsx workers/index.ts",
      url: `http://127.0.0.1:${workerPort}/readyz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { WORKER_PORT: String(workerPort), APP_URL: baseURL, WEBHOOK_RETRY_WINDOW_SECONDS: "129600" },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
