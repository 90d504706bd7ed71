import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, eventually, freePort } from "../helpers/processes";

// API tests talk HTTP to the real built app (`next start`), as clients do. `npm test` builds first.
let server: ChildProcess | undefined;

export default async function setup(project: TestProject) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [path.join(ROOT, "node_modules", "next", "dist", "bin", "next"), "start", "-p", String(port)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", APP_URL: url, NEXTAUTH_URL: url, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await eventually(async () => (await fetch(`${url}/readyz`)).ok, { timeoutMs: 60_000, everyMs: 300 });
  project.provide("apiUrl", url);
  return async () => {
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
