import { sql } from "@/lib/db";

// Every row a workspace owns, for "nothing changed" checks: the tables with a workspaceId column,
// the child tables reached through their parent (prompt versions, pins, attempts, ...), the
// workspace row, its members' user rows and their sessions. Only lastUsedAt (written when a token's cache entry is
// refilled), mailbox_status (the intake worker's report on the workspace's own mailbox, written
// by the worker as it polls, never by a request) and draft_reads (a reader's first read of one of
// the workspace's own drafts, the start of their decision_ms: written by an allowed GET, only after
// the draft was found in the caller's workspace) are left out. Discovered from the catalog, so a new table is covered without a change here.

const PARENT_COLUMNS: Record<string, string> = {
  packId: "packs",
  promptId: "prompts",
  campaignId: "campaigns",
  runId: "runs",
  deliveryId: "deliveries",
  evaluationId: "evaluations",
  replayId: "replays",
  experimentId: "experiments",
  senderId: "senders",
};
const IGNORED_COLUMNS = new Set(["lastUsedAt"]);
const IGNORED_TABLES = new Set(["mailbox_status", "draft_reads"]);

type Plan = { table: string; query: string };
let plans: Promise<Plan[]> | undefined;

async function discover(): Promise<Plan[]> {
  const { rows } = await sql().query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
  );
  const columns = new Map<string, string[]>();
  for (const row of rows) columns.set(row.table_name, [...(columns.get(row.table_name) ?? []), row.column_name]);
  const out: Plan[] = [];
  for (const [table, names] of [...columns].sort(([a], [b]) => a.localeCompare(b))) {
    if (IGNORED_TABLES.has(table)) continue;
    if (names.includes("workspaceId")) {
      out.push({ table, query: `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE t."workspaceId" = $1` });
      continue;
    }
    if (table === "workspaces") {
      out.push({ table, query: `SELECT row_to_json(t)::text AS row FROM workspaces t WHERE t.id = $1` });
      continue;
    }
    if (table === "users") {
      out.push({ table, query: `SELECT row_to_json(t)::text AS row FROM users t WHERE t.id IN (SELECT "userId" FROM memberships WHERE "workspaceId" = $1)` });
      continue;
    }
    if (names.includes("userId")) {
      // Rows of a user (their web sessions): the workspace's members' rows.
      out.push({
        table,
        query: `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE t."userId" IN (SELECT "userId" FROM memberships WHERE "workspaceId" = $1)`,
      });
      continue;
    }
    const link = names.find((name) => PARENT_COLUMNS[name] && columns.get(PARENT_COLUMNS[name])?.includes("workspaceId"));
    if (!link) throw new Error(`workspace snapshot: no way to tell which workspace owns rows of ${table}; teach tests/helpers/workspace-snapshot.ts`);
    out.push({
      table,
      query: `SELECT row_to_json(t)::text AS row FROM "${table}" t WHERE t."${link}" IN (SELECT id FROM "${PARENT_COLUMNS[link]}" WHERE "workspaceId" = $1)`,
    });
  }
  return out;
}

/** Table name → the workspace's rows as sorted JSON strings. */
export async function workspaceSnapshot(workspaceId: string): Promise<Record<string, string[]>> {
  plans ??= discover();
  const snapshot: Record<string, string[]> = {};
  for (const plan of await plans) {
    const { rows } = await sql().query<{ row: string }>(plan.query, [workspaceId]);
    snapshot[plan.table] = rows
      .map(({ row }) => {
        const value = JSON.parse(row) as Record<string, unknown>;
        for (const column of IGNORED_COLUMNS) delete value[column];
        return JSON.stringify(value);
      })
      .sort();
  }
  return snapshot;
}

/** Several workspaces' rows in one snapshot, keyed `<workspace id> <table>`. */
export async function workspacesSnapshot(...workspaceIds: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const id of workspaceIds) for (const [table, rows] of Object.entries(await workspaceSnapshot(id))) out[`${id} ${table}`] = rows;
  return out;
}

/** Human-readable differences between two snapshots (empty when equal). */
export function snapshotDiff(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    for (const row of was) if (!now.has(row)) out.push(`${table}: gone or changed: ${row.slice(0, 300)}`);
    for (const row of now) if (!was.has(row)) out.push(`${table}: new or changed: ${row.slice(0, 300)}`);
  }
  return out;
}
