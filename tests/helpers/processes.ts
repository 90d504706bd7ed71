import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..", "..");

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export type Spawned = { child: ChildProcess; output: () => string; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> };

/**
 * How to start the worker: the bundle `npm test` built for this run (WORKER_BUNDLE, scripts/lib/worker-build.mjs),
 * which starts on about half the CPU, or the sources through tsx when a test file runs on its own.
 */
export const WORKER_COMMAND = process.env.WORKER_BUNDLE ? [process.env.WORKER_BUNDLE] : ["--import", "tsx", path.join("workers", "index.ts")];
/** The same for the ops CLI (CLI_BUNDLE). */
export const CLI_COMMAND = process.env.CLI_BUNDLE ? [process.env.CLI_BUNDLE] : ["--import", "tsx", path.join("lib", "cli", "index.ts")];

/** Starts the worker process (one process: `node <bundle>` or `node --import tsx workers/index.ts`) with extra environment. */
export function spawnWorker(env: Record<string, string | undefined>): Spawned {
  const child = spawn(process.execPath, WORKER_COMMAND, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

/** Polls until fn returns a truthy value or the time runs out. */
export async function eventually<T>(fn: () => Promise<T | null | undefined | false>, { timeoutMs = 20_000, everyMs = 200 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`condition not met within ${timeoutMs} ms${lastError ? `: ${String(lastError)}` : ""}`);
}

export async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
