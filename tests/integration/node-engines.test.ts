import { readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// "A fresh clone installs with no engine warnings": every package the lockfile installs for
// production accepts the lowest Node version package.json (and README.md) promise.

const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), "utf8"));

describe("Node engines", () => {
  it("every installed package accepts the Node version we state", () => {
    const promised = semver.minVersion(read("package.json").engines.node)!.version;
    const lock = read("package-lock.json") as { packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }> };
    const refusing = Object.entries(lock.packages)
      .filter(([name, entry]) => name && !entry.optional && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.satisfies(promised, (entry.engines as { node: string }).node, { includePrerelease: true }))
      .map(([name, entry]) => `${name.replace(/^node_modules\//, "")} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
    expect(readFileSync(path.join(root, "README.md"), "utf8")).toContain(`Node ${semver.major(promised)}`);
  });
});
