// The service's own processes for the chaos run: `next start` (web) and `workers/index.ts`
// (worker), each in a process group of its own so that a SIGKILL reaches the whole process and
// nothing else. Only processes started here are ever signalled.
import { spawn, type ChildProcess } from "node:child_process";
import { openSync } from "node:fs";
import path from "node:path";
import { ROOT } from "../../tests/helpers/processes";
import { WORKER_BUNDLE } from "../lib/worker-build.mjs";

export type AppProcess = {
  name: string;
  /** Starts the process (with extra environment, e.g. a crash point) and waits until its /readyz answers 200. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /** Resolves true when the running process exits by itself (an expected crash) within the time, else false. */
  exitsOnItsOwn(timeoutMs: number): Promise<boolean>;
  /** SIGKILL to the process group, and wait for the exit. */
  kill9(): Promise<void>;
  /** Times the process exited without being killed by us (a crash). */
  readonly unexpectedExits: number;
};

async function waitReady(url: string, child: ChildProcess, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited (${child.signalCode ?? child.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2_000) })).status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

function supervised(
  name: string,
  command: string[],
  env: Record<string, string>,
  readyUrl: string,
  logDir: string,
  onCrash: (name: string, how: string) => void,
): AppProcess {
  let child: ChildProcess | undefined;
  let generation = 0;
  let unexpectedExits = 0;
  let expected: (() => void) | undefined;
  return {
    name,
    get unexpectedExits() {
      return unexpectedExits;
    },
    async start(extraEnv = {}) {
      generation++;
      const log = openSync(path.join(logDir, `${name}.${generation}.log`), "a");
      const started = spawn(command[0], command.slice(1), {
        cwd: ROOT,
        env: { ...process.env, ...env, ...extraEnv },
        stdio: ["ignore", log, log],
        detached: true,
      });
      child = started;
      started.once("exit", (code, signal) => {
        if (child !== started) return; // killed by us (kill9 clears `child` first)
        child = undefined;
        if (expected) {
          expected();
          return;
        }
        unexpectedExits++;
        onCrash(name, signal ?? `code ${code}`);
      });
      await waitReady(readyUrl, started);
    },
    exitsOnItsOwn(timeoutMs) {
      if (!child) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          expected = undefined;
          resolve(false);
        }, timeoutMs);
        expected = () => {
          clearTimeout(timer);
          expected = undefined;
          resolve(true);
        };
      });
    },
    async kill9() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((resolve) => current.once("exit", resolve));
      try {
        process.kill(-current.pid!, "SIGKILL");
      } catch {
        current.kill("SIGKILL");
      }
      await exited;
    },
  };
}

export type AppEnvironment = Record<string, string>;

export function webProcess(env: AppEnvironment, port: number, logDir: string, onCrash: (name: string, how: string) => void): AppProcess {
  const next = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
  return supervised(
    "web",
    [process.execPath, next, "start", "-p", String(port), "-H", "127.0.0.1"],
    { ...env, PORT: String(port), NODE_ENV: "production" },
    `http://127.0.0.1:${port}/readyz`,
    logDir,
    onCrash,
  );
}

export function workerProcess(index: number, env: AppEnvironment, port: number, logDir: string, onCrash: (name: string, how: string) => void): AppProcess {
  return supervised(
    `worker${index}`,
    // As `npm start` runs it: the bundle scripts/bench/build-if-needed.mjs built at the start of the run.
    [process.execPath, "--enable-source-maps", WORKER_BUNDLE],
    { ...env, WORKER_PORT: String(port) },
    `http://127.0.0.1:${port}/readyz`,
    logDir,
    onCrash,
  );
}
