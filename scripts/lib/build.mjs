import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./proc.mjs";

// `npm start` builds only when the sources changed since the last build.
const INPUTS = [
  "app",
  "components",
  "lib",
  "public",
  "types",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const STAMP = path.join(ROOT, ".next", "leadpipe-build-stamp");

function* files(entry) {
  const full = path.join(ROOT, entry);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    yield [entry, stat];
    return;
  }
  for (const child of readdirSync(full)) yield* files(path.join(entry, child));
}

export function sourceFingerprint() {
  const hash = createHash("sha256");
  for (const input of INPUTS) for (const [file, stat] of files(input)) hash.update(`${file}:${stat.size}:${stat.mtimeMs}\n`);
  return hash.digest("hex");
}

export function buildIsCurrent() {
  return existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(STAMP) && readFileSync(STAMP, "utf8") === sourceFingerprint();
}

export function markBuilt(fingerprint) {
  writeFileSync(STAMP, fingerprint);
}
