import { runTotals } from "@/lib/runs/run-totals";
import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { PIPELINE_STAGES } from "@/lib/lifecycle/stages";
import { presentLead, type LeadJson } from "@/lib/leads/present-lead";
import { requireRun } from "@/lib/runs/get-run";
import { SendHoldSchema, sendHold } from "@/lib/sequences/send-outlook";
import { presentSequence, SequenceSchema } from "@/lib/sequences/present-sequence";
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
    draft_id: z.string().nullable().meta({ description: "The lead's latest draft in this run (its latest step's)" }),
    sequence: SequenceSchema.nullable().meta({ description: "The lead's sequence, for a run of a campaign with later steps (contract §12); null otherwise" }),
    sender: z
      .object({ id: z.string(), from_email: z.string() })
      .nullable()
      .meta({ description: "The sender of its whole sequence (null: the workspace's default sender, or none assigned yet)" }),
    send: z
      .object({ status: z.string(), scheduled_for: z.string().nullable(), hold: SendHoldSchema })
      .nullable()
      .meta({ description: "Its latest draft's send: status, when it is scheduled to go and what holds it back (null: not approved yet)" }),
    updated_at: z.string(),
  })
  .meta({ id: "RunLead" });

export async function listRunLeads(workspaceId: string, runId: string, query: z.infer<typeof RunLeadsQuery>) {
  const run = await requireRun(workspaceId, runId);
  const inSequenceRun = Array.isArray(run.steps);
  const after = decodeCursor(`run-leads:${runId}`, workspaceId, query.cursor);
  const where: Prisma.RunLeadWhereInput = {
    runId,
    workspaceId,
    ...(after ? { id: { lt: after } } : {}),
    ...(query.state ? { state: query.state } : {}),
    ...(query.stage ? { stage: query.stage } : {}),
  };
  const rows = await db().runLead.findMany({ where, include: RUN_LEAD_INCLUDE, orderBy: { id: "desc" }, take: query.limit + 1 });
  const senders = await senderAddresses(workspaceId, rows);
  return toPage(rows, query.limit, `run-leads:${runId}`, workspaceId, (row) => presentRunLead(row, inSequenceRun, senders));
}

/** What a run lead is shown with: its lead and its latest draft (its latest step's), with that draft's send. */
export const RUN_LEAD_INCLUDE = {
  lead: true,
  drafts: { select: { id: true, status: true, step: true, send: { select: { status: true, scheduledFor: true } } }, orderBy: { step: "desc" }, take: 1 },
} as const;
type RunLeadRow = Prisma.RunLeadGetPayload<{ include: typeof RUN_LEAD_INCLUDE }>;

/** The from addresses of the senders the rows name (by id). */
export async function senderAddresses(workspaceId: string, rows: { senderId: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => (row.senderId ? [row.senderId] : [])))];
  if (ids.length === 0) return new Map();
  const found = await db().sender.findMany({ where: { workspaceId, id: { in: ids } }, select: { id: true, fromEmail: true } });
  return new Map(found.map((sender) => [sender.id, sender.fromEmail]));
}

export function presentRunLead(row: RunLeadRow, inSequenceRun: boolean, senders: Map<string, string>): z.infer<typeof RunLeadSchema> {
  const send = row.drafts[0]?.send;
  return {
    lead: presentLead(row.lead) as LeadJson,
    stage: row.stage,
    state: row.state as (typeof RUN_LEAD_STATES)[number],
    reason: row.reasonCode ? { code: row.reasonCode, message: row.reasonMessage ?? "" } : null,
    draft_id: row.drafts[0]?.id ?? null,
    sequence: presentSequence(row, inSequenceRun),
    sender: row.senderId ? { id: row.senderId, from_email: senders.get(row.senderId) ?? "(deleted sender)" } : null,
    send: send
      ? { status: send.status, scheduled_for: send.scheduledFor?.toISOString() ?? null, hold: sendHold({ draft: row.drafts[0], send, runLead: row }) }
      : null,
    updated_at: row.updatedAt.toISOString(),
  };
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
