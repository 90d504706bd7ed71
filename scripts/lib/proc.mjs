import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const bin = (name) => path.join(ROOT, "node_modules", ".bin", name);

/**
 * Runs a command to completion; rejects with its exit code. Output goes to this terminal, or with
 * `quiet` is kept (and resolved or attached to the error as `output`), and written as it comes to
 * `logFile` when given.
 */
export function run(command, args, { env = process.env, quiet = false, cwd = ROOT, logFile } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    let output = "";
    if (quiet) {
      const log = logFile ? createWriteStream(logFile) : undefined;
      const keep = (chunk) => {
        output += chunk;
        log?.write(chunk);
      };
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("close", () => log?.end());
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
