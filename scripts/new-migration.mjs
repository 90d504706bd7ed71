// `npm run db:new-migration -- <name> [--from <old schema.prisma>] [--statuses]`
// Writes prisma/migrations/<timestamp>_<name>/migration.sql: the SQL from the schema as committed
// at HEAD (or --from) to prisma/schema.prisma as it is now. (`prisma migrate dev` needs a shadow
// database that fails on these machines; see docs/development.md.) The drift test checks the result.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT, bin, fail, run } from "./lib/proc.mjs";

const args = process.argv.slice(2);
const name = args.find((arg) => !arg.startsWith("--") && args[args.indexOf(arg) - 1] !== "--from");
if (!name || !/^[a-z0-9_]+$/.test(name)) fail("Usage: npm run db:new-migration -- <name_in_snake_case> [--from old-schema.prisma] [--statuses]");

let fromFile = args.includes("--from") ? path.resolve(args[args.indexOf("--from") + 1]) : null;
if (!fromFile) {
  fromFile = path.join(mkdtempSync(path.join(os.tmpdir(), "leadpipe-migration-")), "schema.prisma");
  writeFileSync(fromFile, execFileSync("git", ["show", "HEAD:prisma/schema.prisma"], { cwd: ROOT }));
}

// The diff compares two schema files and writes nothing, but Prisma's adapter wants a database that
// exists: the server's own `postgres` database always does.
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
const sql = await run(bin("prisma"), ["migrate", "diff", "--from-schema-datamodel", fromFile, "--to-schema-datamodel", "prisma/schema.prisma", "--script"], {
  quiet: true,
}).catch((error) => fail(error.message));
let body = sql
  .split("\n")
  .filter((line) => !line.startsWith("Loaded Prisma config"))
  .join("\n")
  .trim();
if (body === "-- This is an empty migration.") body = "";
// --statuses: the status lists of lib/statuses.ts changed; re-create their CHECK constraints too.
if (args.includes("--statuses"))
  body = `${body}\n\n${(await run(process.execPath, ["--import", "tsx", "scripts/status-checks.ts"], { quiet: true })).trim()}`.trim();
if (!body) fail("schema.prisma has no changes against the old schema (and no --statuses): nothing to migrate.");

const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const dir = path.join(ROOT, "prisma", "migrations", `${stamp}_${name}`);
mkdirSync(dir, { recursive: true });
writeFileSync(path.join(dir, "migration.sql"), `${body}\n`);
console.log(`Wrote ${path.relative(ROOT, dir)}/migration.sql; review it, then npm test runs the drift check.`);
