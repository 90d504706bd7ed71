import DataLoader from "dataloader";
import { sql } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { presentLead, type PresentableLead } from "@/lib/leads/present-lead";

// The API's hottest read (see docs/benchmarks.md). Requests that ask for a lead in the same turn of
// the event loop share one query: under load most of a lone query's cost is the round trip (the
// socket write, pg's per-result setup, PostgreSQL's per-statement work), not the row. Every request
// still reads the row as PostgreSQL has it now: nothing is cached (`cache: false`), and a batch is
// sent at the end of the turn its first request arrived in. Each key carries its workspace, and the
// query matches id and workspace together, so a lead is only ever found in its own workspace.

type Key = { id: string; workspaceId: string };
type LeadRow = PresentableLead & { workspaceId: string };

/** At most this many leads in one query (more requests in one turn make several queries). */
const MAX_BATCH = 100;

// A named (prepared) statement: each pooled connection parses and plans it once, not per batch.
const QUERY = {
  name: "get-leads",
  text: `SELECT l.id, l."workspaceId", l.email, l."firstName", l."lastName", l.company, l.title, l.domain, l."linkedinUrl", l.website, l.country,
                l.employees, l.industry, l.notes, l."timeZone", l."referredById", l.attributes, l.status, l.signals, l.qualification, l."createdAt", l."updatedAt"
           FROM unnest($1::text[], $2::text[]) AS k(id, "workspaceId")
           JOIN leads l ON l.id = k.id AND l."workspaceId" = k."workspaceId"`,
};

const keyOf = (id: string, workspaceId: string) => `${workspaceId}\u0000${id}`;

async function readLeads(keys: readonly Key[]): Promise<(LeadRow | null)[]> {
  const { rows } = await sql().query<LeadRow>({ ...QUERY, values: [keys.map((key) => key.id), keys.map((key) => key.workspaceId)] });
  const found = new Map(rows.map((row) => [keyOf(row.id, row.workspaceId), row]));
  return keys.map((key) => found.get(keyOf(key.id, key.workspaceId)) ?? null);
}

const leads = new DataLoader<Key, LeadRow | null>(readLeads, { cache: false, maxBatchSize: MAX_BATCH, batchScheduleFn: (send) => setImmediate(send) });

/** One lead of the workspace, or 404. */
export async function getLead(workspaceId: string, id: string) {
  const row = await leads.load({ id, workspaceId });
  if (!row) throw new NotFound("lead");
  return presentLead(row);
}
