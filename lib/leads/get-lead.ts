import { sql } from "@/lib/db";
import type { Lead } from "@/lib/generated/prisma/client.ts";
import { NotFound } from "@/lib/errors";
import { presentLead } from "@/lib/leads/present-lead";

/** One lead of the workspace. Plain SQL: this is the API's hottest read (see docs/benchmarks.md). */
export async function getLead(workspaceId: string, id: string) {
  // A named (prepared) statement: each pooled connection parses and plans it once, not per request.
  const { rows } = await sql().query<Lead>({ name: "get-lead", text: 'SELECT * FROM leads WHERE id = $1 AND "workspaceId" = $2', values: [id, workspaceId] });
  if (!rows[0]) throw new NotFound("lead");
  return presentLead(rows[0]);
}
