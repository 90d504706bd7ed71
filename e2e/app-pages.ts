import { readdirSync } from "node:fs";
import path from "node:path";

// Every page of the web app, read from the app/ directory (so a page added later is covered by the
// suites that walk them): route groups such as (app) dropped, `[param]` segments kept as written.
// The web app's route handlers (app/api) have no pages.

export function appPagePatterns(root = path.join(process.cwd(), "app")): string[] {
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isFile() && /^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) found.push(`/${segments.join("/")}`);
      if (!entry.isDirectory() || (segments.length === 0 && entry.name === "api") || entry.name.startsWith("_") || entry.name.startsWith("@")) continue;
      const group = entry.name.startsWith("(") && entry.name.endsWith(")");
      walk(path.join(dir, entry.name), group ? segments : [...segments, entry.name]);
    }
  };
  walk(root, []);
  return found.sort();
}

/** `/runs/[id]` with `{ id: "run_…" }` → `/runs/run_…`; every parameter must be given. */
export function fillPattern(pattern: string, params: Record<string, string>): string {
  return pattern.replace(/\[([^\]]+)\]/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`No value for [${name}] in ${pattern}: give the suite one.`);
    return encodeURIComponent(params[name]);
  });
}
