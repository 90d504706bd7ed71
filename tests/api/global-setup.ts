import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startContractSession } from "../../scripts/contract/session";
import { ROOT, eventually, freePort } from "../helpers/processes";

// API tests talk HTTP to the real built app (`next start`), as clients do. `npm test` builds first.
// With CONTRACT_REPORT set (the api step of `npm test`, and `npm run test:contract`) the tests talk
// to it through the contract tee: every /v1 exchange is judged by Stoplight Prism against the
// document the service serves (scripts/contract/), with the figures written to that file.
let server: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  const port = await freePort();
  const direct = `http://127.0.0.1:${port}`;
  const reportFile = process.env.CONTRACT_REPORT;
  const contract = reportFile
    ? await startContractSession({ teePort: await freePort(), prismPort: await freePort(), upstream: direct, reportFile })
    : undefined;
  const url = contract?.url ?? direct;
  server = spawn(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", APP_URL: url, NEXTAUTH_URL: url, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await eventually(async () => (await fetch(`${direct}/readyz`)).ok, { timeoutMs: 60_000, everyMs: 300 });
  await contract?.attach();
  project.provide("apiUrl", url);
  return async () => {
    await contract?.finish(process.env.CONTRACT_COMPLETE === "1");
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    // Next finishes open connections first; past 5 s it is stopped outright, never left behind.
    const timer = setTimeout(() => server?.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string;
  }
}
