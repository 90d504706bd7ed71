import { db, sql } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { newId } from "@/lib/ids";
import type { ImportResult } from "@/lib/imports/import-run";
import type { LeadSource } from "@/lib/runs/resolve-run-source";
import { RUN_LEAD_STATE } from "@/lib/statuses";

// The import stage of a run over existing leads: the chosen leads join the run (pending), in
// pages of 5,000 by id. Safe to run again after a crash: a lead already in the run is skipped.

const PAGE = 5_000;

function where(workspaceId: string, source: LeadSource): Prisma.LeadWhereInput {
  if ("lead_ids" in source) return { workspaceId, id: { in: source.lead_ids } };
  const filter = source.lead_filter;
  return {
    workspaceId,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.email ? { emailLower: filter.email.toLowerCase() } : {}),
    ...(filter.run_id ? { runLeads: { some: { runId: filter.run_id } } } : {}),
  };
}

export async function joinExistingLeads(run: { id: string; workspaceId: string; leadSource: unknown }): Promise<ImportResult> {
  const source = run.leadSource as LeadSource;
  let after: string | undefined;
  let rows = 0;
  for (;;) {
    const page = await db().lead.findMany({
      where: { ...where(run.workspaceId, source), ...(after ? { id: { gt: after } } : {}) },
      select: { id: true },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (page.length === 0) break;
    const leadIds = page.map((lead) => lead.id);
    await sql().query(
      `INSERT INTO run_leads (id, "workspaceId", "runId", "leadId", state, "updatedAt")
       SELECT rid, $1, $2, lid, $5, now() FROM unnest($3::text[], $4::text[]) AS t(rid, lid)
       ON CONFLICT ("runId", "leadId") DO NOTHING`,
      [run.workspaceId, run.id, leadIds.map(() => newId("rle")), leadIds, RUN_LEAD_STATE.pending],
    );
    rows += page.length;
    after = leadIds.at(-1);
    await sql().query(`UPDATE runs SET rows = GREATEST(rows, $2), imported = GREATEST(imported, $2) WHERE id = $1`, [run.id, rows]);
    if (page.length < PAGE) break;
  }
  return { rows, imported: rows, invalidRows: 0 };
}
