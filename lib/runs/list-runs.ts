import { runTotals } from "@/lib/runs/run-totals";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { PIPELINE_STAGES } from "@/lib/lifecycle/stages";
import { presentLead, type LeadJson } from "@/lib/leads/present-lead";
import { requireRun } from "@/lib/runs/get-run";
import { runCounts } from "@/lib/runs/run-counts";
import { presentRun, RUN_INCLUDE, RUN_LEAD_STATES, RUN_STATUSES } from "@/lib/runs/run-schemas";

export const RunsQuery = ListQuery.extend({ status: z.enum(RUN_STATUSES).optional() });

export async function listRuns(workspaceId: string, query: z.infer<typeof RunsQuery>) {
  const after = decodeCursor("runs", workspaceId, query.cursor);
  const rows = await db().run.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}), ...(query.status ? { status: query.status } : {}) },
    include: RUN_INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const page = toPage(rows, query.limit, "runs", workspaceId, (run) => run);
  return { ...page, data: await Promise.all(page.data.map(async (run) => presentRun(run, await runCounts(run), await runTotals(run.id)))) };
}

export const RunLeadsQuery = ListQuery.extend({
  state: z.enum(RUN_LEAD_STATES).optional(),
  stage: z.enum(PIPELINE_STAGES).optional(),
});

export const RunLeadSchema = z
  .object({
    lead: z.unknown().meta({ description: "The Lead" }),
    stage: z.string().nullable(),
    state: z.enum(RUN_LEAD_STATES),
    reason: z.object({ code: z.string(), message: z.string() }).nullable(),
    draft_id: z.string().nullable(),
    sender: z
      .object({ id: z.string(), from_email: z.string() })
      .nullable()
      .meta({ description: "The sender of its whole sequence (null: the workspace's default sender, or none assigned yet)" }),
    send: z
      .object({ status: z.string(), scheduled_for: z.string().nullable() })
      .nullable()
      .meta({ description: "Its draft's send: status and when it is scheduled to go (null: not approved yet)" }),
    updated_at: z.string(),
  })
  .meta({ id: "RunLead" });

export async function listRunLeads(workspaceId: string, runId: string, query: z.infer<typeof RunLeadsQuery>) {
  await requireRun(workspaceId, runId);
  const after = decodeCursor(`run-leads:${runId}`, workspaceId, query.cursor);
  const where: Prisma.RunLeadWhereInput = {
    runId,
    workspaceId,
    ...(after ? { id: { lt: after } } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(query.stage ? { stage: query.stage } : {}),
  };
  const rows = await db().runLead.findMany({
    where,
    include: { lead: true, draft: { select: { id: true, send: { select: { status: true, scheduledFor: true } } } } },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const senderIds = [...new Set(rows.flatMap((row) => (row.senderId ? [row.senderId] : [])))];
  const senders = new Map(
    (await db().sender.findMany({ where: { workspaceId, id: { in: senderIds } }, select: { id: true, fromEmail: true } })).map((sender) => [
      sender.id,
      sender.fromEmail,
    ]),
  );
  return toPage(rows, query.limit, `run-leads:${runId}`, workspaceId, (row) => ({
    lead: presentLead(row.lead) as LeadJson,
    stage: row.stage,
    state: row.state as (typeof RUN_LEAD_STATES)[number],
    reason: row.reasonCode ? { code: row.reasonCode, message: row.reasonMessage ?? "" } : null,
    draft_id: row.draft?.id ?? null,
    sender: row.senderId ? { id: row.senderId, from_email: senders.get(row.senderId) ?? "(deleted sender)" } : null,
    send: row.draft?.send ? { status: row.draft.send.status, scheduled_for: row.draft.send.scheduledFor?.toISOString() ?? null } : null,
    updated_at: row.updatedAt.toISOString(),
  }));
}

export const RunErrorSchema = z.object({ row: z.number().int(), code: z.string(), message: z.string(), raw: z.string() }).meta({ id: "RunRowError" });

/** Bad CSV rows in file order (row numbers as a spreadsheet shows them: the header is row 1). */
export async function listRunErrors(workspaceId: string, runId: string, query: z.infer<typeof ListQuery>) {
  await requireRun(workspaceId, runId);
  const after = decodeCursor(`run-errors:${runId}`, workspaceId, query.cursor);
  const rows = await db().csvRowError.findMany({
    where: { runId, ...(after ? { row: { gt: Number(after) } } : {}) },
    orderBy: { row: "asc" },
    take: query.limit + 1,
  });
  return toPage(
    rows.map((row) => ({ ...row, id: String(row.row) })),
    query.limit,
    `run-errors:${runId}`,
    workspaceId,
    (row) => ({ row: row.row, code: row.code, message: row.message, raw: row.raw }),
  );
}
