import { z } from "zod";
import { db } from "@/lib/db";
import { ValidationFailed } from "@/lib/errors";
import { LeadSchema } from "@/lib/leads/present-lead";
import { outboundUrlProblem } from "@/lib/net/outbound";

// Where a run's leads come from (contract §11): exactly one of a CSV at `leads_csv_url`, an
// uploaded `file`, `lead_ids` (existing leads, at most 10,000) or `lead_filter` (the /leads
// filters). The CSV sources are imported by lib/imports; existing leads join the run in the import
// stage too (lib/imports/join-existing-leads.ts), so a run is created the same way for all four.

export const MAX_LEAD_IDS = 10_000;
const LEAD_ID = /^lead_[0-9a-z]{26}$/;

export const LeadIds = z
  .array(z.string().max(40))
  .min(1)
  .max(MAX_LEAD_IDS)
  .meta({ description: `Existing leads of the workspace (at most ${MAX_LEAD_IDS})` });
export const LeadFilter = z
  .strictObject({
    status: LeadSchema.shape.status.optional(),
    email: z.string().max(320).optional().meta({ description: "Exact address, any case" }),
    run_id: z.string().max(40).optional().meta({ description: "Leads of that run" }),
  })
  .meta({ id: "LeadFilter", description: "The /leads filters; every lead of the workspace that matches joins the run" });

/** What a run stores about a source of existing leads (runs.leadSource). */
export type LeadSource = { lead_ids: string[] } | { lead_filter: z.infer<typeof LeadFilter> };

export type SourceFields = {
  leads_csv_url?: string | null;
  lead_ids?: string[];
  lead_filter?: z.infer<typeof LeadFilter>;
  file?: { name: string; bytes: Buffer };
};

export type RunSource =
  | { kind: "csv_url"; leadsCsvUrl: string }
  | { kind: "upload"; upload: { name: string; bytes: Buffer } }
  | { kind: "leads"; leadSource: LeadSource; description: string };

function csvUrlProblem(url: string): string | null {
  if (url.startsWith("s3://")) return /^s3:\/\/[a-z0-9][a-z0-9.-]{1,62}\/.+/.test(url) ? null : "must look like s3://bucket/key";
  return outboundUrlProblem(url);
}

async function checkLeadIds(workspaceId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const malformed = unique.findIndex((id) => !LEAD_ID.test(id));
  if (malformed >= 0)
    throw new ValidationFailed([{ path: `lead_ids.${ids.indexOf(unique[malformed])}`, message: "must be a lead id (lead_ + 26 characters)" }]);
  const found = await db().lead.findMany({ where: { workspaceId, id: { in: unique } }, select: { id: true } });
  if (found.length !== unique.length) {
    const known = new Set(found.map((lead) => lead.id));
    const missing = unique.filter((id) => !known.has(id));
    throw new ValidationFailed(missing.slice(0, 5).map((id) => ({ path: `lead_ids.${ids.indexOf(id)}`, message: `no lead ${id} in this workspace` })));
  }
  return unique;
}

/** Checks that exactly one source is given and that it is usable; answers what the run stores. */
export async function resolveRunSource(workspaceId: string, body: SourceFields): Promise<RunSource> {
  const given = (["leads_csv_url", "file", "lead_ids", "lead_filter"] as const).filter((key) => body[key] !== undefined && body[key] !== null);
  if (given.length !== 1) {
    const message = given.length
      ? `give only one source, not ${given.join(" and ")}`
      : "give one source: leads_csv_url, a multipart file, lead_ids or lead_filter";
    throw new ValidationFailed([{ path: given[1] ?? "leads_csv_url", message }]);
  }
  if (body.file) {
    if (body.file.bytes.length === 0) throw new ValidationFailed([{ path: "file", message: "is empty" }]);
    return { kind: "upload", upload: body.file };
  }
  if (body.leads_csv_url) {
    const problem = csvUrlProblem(body.leads_csv_url);
    if (problem) throw new ValidationFailed([{ path: "leads_csv_url", message: problem }]);
    return { kind: "csv_url", leadsCsvUrl: body.leads_csv_url };
  }
  if (body.lead_ids) {
    const ids = await checkLeadIds(workspaceId, body.lead_ids);
    return { kind: "leads", leadSource: { lead_ids: ids }, description: `lead_ids:${ids.length}` };
  }
  const filter = body.lead_filter!;
  if (filter.run_id && !(await db().run.findFirst({ where: { id: filter.run_id, workspaceId }, select: { id: true } }))) {
    throw new ValidationFailed([{ path: "lead_filter.run_id", message: "no such run in this workspace" }]);
  }
  return { kind: "leads", leadSource: { lead_filter: filter }, description: `lead_filter:${JSON.stringify(filter)}` };
}
