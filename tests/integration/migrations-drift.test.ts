import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { statusCheckSql } from "@/lib/statuses";
import { ROOT } from "../helpers/processes";
import { dropDatabase, executeSql, recreateDatabase, schemaSnapshot } from "../helpers/schema-snapshot";

// prisma/schema.prisma and prisma/migrations must describe the same database. Two scratch
// databases are built, one by applying every migration and one straight from the schema, and
// their catalogs compared. A model changed without a migration fails here.

const run = promisify(execFile);
/**
 * Partial indexes, which schema.prisma cannot state (Prisma 6 has no predicate on @@index): the
 * schema side is given the predicate its migration wrote, so any other difference still shows.
 */
const PARTIAL_INDEXES = [`DROP INDEX "run_leads_nextAt_idx"; CREATE INDEX "run_leads_nextAt_idx" ON "run_leads"("nextAt") WHERE "nextAt" IS NOT NULL;`];
const prisma = path.join(ROOT, "node_modules", ".bin", "prisma");
const base = new URL(process.env.DATABASE_URL!);
const adminUrl = Object.assign(new URL(base), { pathname: "/postgres" }).toString();
const suffix = base.pathname.slice(1);
const fromMigrations = `${suffix}_drift_migrations`;
const fromSchema = `${suffix}_drift_schema`;

afterAll(async () => {
  await dropDatabase(adminUrl, fromMigrations);
  await dropDatabase(adminUrl, fromSchema);
});

describe("schema.prisma and migrations", () => {
  it("build the same database", async () => {
    const migratedUrl = await recreateDatabase(adminUrl, fromMigrations);
    await run(prisma, ["migrate", "deploy"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: migratedUrl } });

    const schemaUrl = await recreateDatabase(adminUrl, fromSchema);
    const { stdout: sql } = await run(prisma, ["migrate", "diff", "--from-empty", "--to-schema-datamodel", "prisma/schema.prisma", "--script"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: schemaUrl },
      maxBuffer: 16 * 1024 * 1024,
    });
    // Status CHECK constraints are not Prisma's to model: the schema side takes them from
    // lib/statuses.ts, so a status list changed without a migration (`--statuses`) fails here too.
    await executeSql(schemaUrl, `${sql}\n${statusCheckSql()}\n${PARTIAL_INDEXES.join("\n")}`);

    const [migrated, declared] = await Promise.all([schemaSnapshot(migratedUrl), schemaSnapshot(schemaUrl)]);
    const missingFromMigrations = declared.filter((line) => !migrated.includes(line));
    const extraInMigrations = migrated.filter((line) => !declared.includes(line));
    expect(
      { missingFromMigrations, extraInMigrations },
      "schema.prisma or lib/statuses.ts changed without a migration: run `npm run db:new-migration -- <name> [--statuses]`",
    ).toEqual({ missingFromMigrations: [], extraInMigrations: [] });
    expect(migrated.length).toBeGreaterThan(100);
  });
});
