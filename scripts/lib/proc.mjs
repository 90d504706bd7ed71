import { spawn } from "node:child_process";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);

/** Runs a command to completion; rejects with its exit code. Output goes to this terminal. */
export function run(command, args, { env = process.env, quiet = false, cwd = ROOT } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (quiet) {
      child.stdout.on("data", (chunk) => (output += chunk));
      child.stderr.on("data", (chunk) => (output += chunk));
    }
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const error = new Error(`${path.basename(command)} ${args.join(" ")} exited with ${signal ?? code}${quiet && output ? `\n${output.trim()}` : ""}`);
        error.exitCode = code ?? 1;
        error.output = output;
        reject(error);
      }
    });
  });
}

export function fail(message) {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
