import { z } from "zod";
import { db } from "@/lib/db";
import type { AuditEntry, Prisma } from "@/lib/generated/prisma/client.ts";
import { ListQuery, decodeCursor, toPage } from "@/lib/http/pagination";

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    occurred_at: z.string(),
    actor: z.object({ type: z.enum(["user", "token", "system"]), id: z.string(), name: z.string() }),
    action: z.string().meta({ example: "prompt.forked" }),
    target: z.object({ type: z.string(), id: z.string() }),
    data: z.record(z.string(), z.unknown()),
    diff: z.string().nullable(),
  })
  .meta({ id: "AuditEntry" });

const timestamp = z.iso.datetime({ offset: true }).transform((value) => new Date(value));

export const AuditQuery = ListQuery.extend({
  action: z.string().max(100).optional(),
  actor_id: z.string().max(100).optional(),
  target_type: z.string().max(100).optional(),
  target_id: z.string().max(100).optional(),
  since: timestamp.optional(),
  until: timestamp.optional(),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export function presentAuditEntry(entry: AuditEntry) {
  return {
    id: entry.id,
    occurred_at: entry.occurredAt.toISOString(),
    actor: { type: entry.actorType as "user" | "token" | "system", id: entry.actorId, name: entry.actorName },
    action: entry.action,
    target: { type: entry.targetType, id: entry.targetId },
    data: entry.data as Record<string, unknown>,
    diff: entry.diff,
  };
}

export async function listAudit(workspaceId: string, query: AuditQuery) {
  const after = decodeCursor("audit", workspaceId, query.cursor);
  const where: Prisma.AuditEntryWhereInput = {
    workspaceId,
    ...(after ? { id: { lt: after } } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.actor_id ? { actorId: query.actor_id } : {}),
    ...(query.target_type ? { targetType: query.target_type } : {}),
    ...(query.target_id ? { targetId: query.target_id } : {}),
    ...(query.since || query.until ? { occurredAt: { ...(query.since ? { gte: query.since } : {}), ...(query.until ? { lt: query.until } : {}) } } : {}),
  };
  const rows = await db().auditEntry.findMany({ where, orderBy: { id: "desc" }, take: query.limit + 1 });
  return toPage(rows, query.limit, "audit", workspaceId, presentAuditEntry);
}
