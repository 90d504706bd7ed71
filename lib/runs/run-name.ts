import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { NotFound } from "@/lib/errors";
import type { RunSource } from "@/lib/runs/resolve-run-source";

// A run's name (contract §12, "A team's day"): what a person gave it, or else the CSV's file name,
// the CSV URL's last path segment, or the lead filter in words. Lists, filters, the run page and
// the audit log show it instead of the id.

export const MAX_RUN_NAME = 120;

export const RunName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_RUN_NAME)
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), "must not contain control characters (line breaks, tabs)")
  .meta({ description: "What people call the run", example: "Dental clinics, March" });

export const RenameRunBody = z.strictObject({ name: RunName }).meta({ id: "RenameRun" });

function clip(name: string): string {
  return name.length > MAX_RUN_NAME ? `${name.slice(0, MAX_RUN_NAME - 1)}…` : name;
}

function lastSegment(url: string): string {
  const path = url.split(/[?#]/)[0];
  const segment = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(segment) || url;
  } catch {
    return segment || url;
  }
}

/** The name a run gets when none is given. */
export async function defaultRunName(workspaceId: string, source: RunSource): Promise<string> {
  if (source.kind === "upload") return clip(lastSegment(source.upload.name.replace(/\\/g, "/")) || "Uploaded CSV");
  if (source.kind === "csv_url") return clip(lastSegment(source.leadsCsvUrl));
  if ("lead_ids" in source.leadSource) {
    const count = source.leadSource.lead_ids.length;
    return count === 1 ? "1 chosen lead" : `${count} chosen leads`;
  }
  const filter = source.leadSource.lead_filter;
  const parts: string[] = [];
  if (filter.status) parts.push(`status ${filter.status}`);
  if (filter.email) parts.push(filter.email);
  if (filter.run_id) {
    const run = await db().run.findFirst({ where: { id: filter.run_id, workspaceId }, select: { name: true } });
    parts.push(`from run “${run?.name ?? filter.run_id}”`);
  }
  return clip(parts.length ? `Leads: ${parts.join(", ")}` : "All leads");
}

/** Renames a run (admin): audited as run.renamed with the old and new name. */
export async function renameRun(workspaceId: string, id: string, name: string, actor: Actor) {
  await db().$transaction(async (tx) => {
    const run = await tx.run.findFirst({ where: { id, workspaceId }, select: { name: true } });
    if (!run) throw new NotFound("run");
    if (run.name === name) return;
    await tx.run.update({ where: { id }, data: { name } });
    await recordAudit(tx, { workspaceId, actor, action: "run.renamed", target: { type: "run", id }, data: { from: run.name, to: name } });
  });
}
