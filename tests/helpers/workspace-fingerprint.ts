import { createHash } from "node:crypto";
import { sql } from "@/lib/db";

// What the database holds for some workspaces, to prove a batch of requests changed nothing: for
// every table with a workspaceId, the row count and a digest of those rows (so an UPDATE shows
// too); for the tables without one (pins, pack prompts, users…), the same over all their rows.
// api_tokens is counted only: its last_used_at moves whenever the token cache is refilled.

const COUNT_ONLY = new Set(["api_tokens"]);
let tables: Promise<{ name: string; scoped: boolean }[]> | undefined;

async function listTables() {
  const found = await sql().query<{ table_name: string; scoped: boolean }>(
    `SELECT t.table_name, EXISTS (SELECT 1 FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.table_name = t.table_name AND c.column_name = 'workspaceId') AS scoped
       FROM information_schema.tables t WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND t.table_name <> '_prisma_migrations' ORDER BY 1`,
  );
  return found.rows.map((row) => ({ name: row.table_name, scoped: row.scoped }));
}

export async function workspaceFingerprint(...workspaceIds: string[]): Promise<Record<string, string>> {
  tables ??= listTables();
  const out: Record<string, string> = {};
  for (const table of await tables) {
    const where = table.scoped ? `WHERE "workspaceId" = ANY($1)` : "";
    const rows = await sql().query<{ line: string }>(`SELECT t::text AS line FROM "${table.name}" t ${where} ORDER BY 1`, table.scoped ? [workspaceIds] : []);
    const digest = COUNT_ONLY.has(table.name) ? "" : ` ${createHash("sha256").update(rows.rows.map((row) => row.line).join("\n")).digest("hex").slice(0, 16)}`;
    out[table.name] = `${rows.rowCount} rows${digest}`;
  }
  return out;
}
