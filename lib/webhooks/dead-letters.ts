import { z } from "zod";
import { DELIVERY_STATUSES, DELIVERY_STATUS } from "@/lib/statuses";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { ValidationFailed } from "@/lib/errors";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { deliveryJobs } from "@/lib/webhooks/deliver";
import { findEndpoint } from "@/lib/webhooks/endpoints";

// Deliveries that ran out of attempts, and their replay: the same event id, signed afresh, with a
// new retry window. Replays are audit entries.

export const DeadLettersQuery = ListQuery.extend({
  endpoint_id: z.string().max(40).optional(),
  since: z.iso.datetime({ offset: true }).optional().meta({ description: "Only those dead-lettered at or after this time" }),
});
export const DeadLetterSchema = z
  .object({
    id: z.string(),
    endpoint_id: z.string(),
    event: z.object({ id: z.string(), event: z.string(), occurred_at: z.string() }),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    dead_lettered_at: z.string(),
    payload: z.unknown().meta({ description: "The event's `data`, as it was sent" }),
    last_response: z
      .object({
        status_code: z.number().int().nullable(),
        body: z.string().nullable().meta({ description: "Up to the first 2 KiB of what the endpoint answered" }),
      })
      .nullable()
      .meta({ description: "The last attempt's answer (null if no attempt reached the endpoint)" }),
  })
  .meta({ id: "DeadLetter" });
export const ReplayBody = z
  .union([
    z.strictObject({ ids: z.array(z.string().max(40)).min(1).max(1000) }),
    z.strictObject({ endpoint_id: z.string().max(40), since: z.iso.datetime({ offset: true }) }),
  ])
  .meta({ id: "ReplayDeadLetters", description: "Either `ids` (delivery ids) or `endpoint_id` with `since`" });

function deadLetterWhere(workspaceId: string, query: z.infer<typeof DeadLettersQuery>): Prisma.DeliveryWhereInput {
  return {
    workspaceId,
    status: DELIVERY_STATUS.dead,
    ...(query.endpoint_id ? { endpointId: query.endpoint_id } : {}),
    ...(query.since ? { deadLetteredAt: { gte: new Date(query.since) } } : {}),
  };
}

export async function listDeadLetters(workspaceId: string, query: z.infer<typeof DeadLettersQuery>) {
  const after = decodeCursor("dead-letters", workspaceId, query.cursor);
  const rows = await db().delivery.findMany({
    where: { ...deadLetterWhere(workspaceId, query), ...(after ? { id: { lt: after } } : {}) },
    include: {
      event: { select: { id: true, type: true, occurredAt: true, data: true } },
      attempts: { orderBy: { attemptNo: "desc" }, take: 1, select: { statusCode: true, responseBody: true } },
    },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "dead-letters", workspaceId, (row) => {
    const last = row.attempts[0];
    return {
      id: row.id,
      endpoint_id: row.endpointId,
      event: { id: row.event.id, event: row.event.type, occurred_at: row.event.occurredAt.toISOString() },
      attempts: row.attemptCount,
      last_error: row.lastError,
      dead_lettered_at: row.deadLetteredAt!.toISOString(),
      payload: row.event.data,
      last_response: last ? { status_code: last.statusCode, body: last.responseBody?.slice(0, 2048) ?? null } : null,
    };
  });
}

/** The web page's view: a page, the true count behind the filters and the configured retry window. */
export async function listDeadLettersForPage(workspaceId: string, query: z.infer<typeof DeadLettersQuery>) {
  const [page, total] = await Promise.all([listDeadLetters(workspaceId, query), db().delivery.count({ where: deadLetterWhere(workspaceId, query) })]);
  return { ...page, total, retry_window_seconds: config().WEBHOOK_RETRY_WINDOW_SECONDS };
}

export async function replayDeadLetters(workspaceId: string, body: z.infer<typeof ReplayBody>, actor: Actor) {
  let where: Prisma.DeliveryWhereInput;
  if ("ids" in body) where = { workspaceId, status: DELIVERY_STATUS.dead, id: { in: body.ids } };
  else {
    await findEndpoint(workspaceId, body.endpoint_id).catch(() => {
      throw new ValidationFailed([{ path: "endpoint_id", message: "no such webhook endpoint" }]);
    });
    where = { workspaceId, status: DELIVERY_STATUS.dead, endpointId: body.endpoint_id, deadLetteredAt: { gte: new Date(body.since) } };
  }
  const rows = await db().delivery.findMany({ where, select: { id: true, endpointId: true } });
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { replayed: 0 };
  const now = new Date();
  const replayed = await db().$transaction(async (tx) => {
    const { count } = await tx.delivery.updateMany({
      where: { id: { in: ids }, workspaceId, status: DELIVERY_STATUS.dead },
      data: { status: DELIVERY_STATUS.pending, firstAttemptAt: null, nextAttemptAt: now, deadLetteredAt: null },
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "webhook.replayed",
      target: { type: "webhook_deliveries", id: "endpoint_id" in body ? body.endpoint_id : ids[0] },
      data: { count, delivery_ids: ids.slice(0, 100) },
    });
    return count;
  });
  const stamp = now.getTime();
  await enqueueBulkAfterCommit("deliver", deliveryJobs(rows, `replay-${stamp}`));
  return { replayed };
}

export const DeliverySchema = z
  .object({
    id: z.string(),
    event: z.object({ id: z.string(), event: z.string(), occurred_at: z.string() }),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        started_at: z.string(),
        duration_ms: z.number().int(),
        status_code: z.number().int().nullable(),
        error: z.string().nullable(),
        response_body: z.string().nullable(),
      }),
    ),
    next_attempt_at: z.string().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Delivery" });

export async function listDeliveries(workspaceId: string, endpointId: string, query: z.infer<typeof ListQuery>) {
  await findEndpoint(workspaceId, endpointId);
  const after = decodeCursor(`deliveries:${endpointId}`, workspaceId, query.cursor);
  const rows = await db().delivery.findMany({
    where: { workspaceId, endpointId, ...(after ? { id: { lt: after } } : {}) },
    include: { event: { select: { id: true, type: true, occurredAt: true } }, attempts: { orderBy: { attemptNo: "asc" } } },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, `deliveries:${endpointId}`, workspaceId, (row) => ({
    id: row.id,
    event: { id: row.event.id, event: row.event.type, occurred_at: row.event.occurredAt.toISOString() },
    status: row.status as "pending" | "succeeded" | "dead",
    attempts: row.attempts.map((a) => ({
      attempt: a.attemptNo,
      started_at: a.startedAt.toISOString(),
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      response_body: a.responseBody?.slice(0, 2048) ?? null,
    })),
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
  }));
}
