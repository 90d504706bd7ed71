import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, toPage } from "@/lib/http/pagination";
import { presentLead } from "@/lib/leads/present-lead";

export type ListLeadsOptions = { limit: number; cursor?: string; status?: string; email?: string; run_id?: string };

export async function listLeads(workspaceId: string, options: ListLeadsOptions) {
  const after = decodeCursor("leads", workspaceId, options.cursor);
  const where: Prisma.LeadWhereInput = {
    workspaceId,
    ...(after ? { id: { lt: after } } : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(options.email ? { emailLower: options.email.toLowerCase() } : {}),
    ...(options.run_id ? { runLeads: { some: { runId: options.run_id } } } : {}),
  };
  const rows = await db().lead.findMany({ where, orderBy: { id: "desc" }, take: options.limit + 1 });
  return toPage(rows, options.limit, "leads", workspaceId, presentLead);
}
