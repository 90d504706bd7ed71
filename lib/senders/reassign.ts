import { db, sql } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { ENDED_RUN_STATUSES } from "@/lib/lifecycle/run";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { scheduleDrafts } from "@/lib/senders/schedule";
import { SEND_STATUS } from "@/lib/statuses";

// A sender that is disabled or deleted keeps none of its leads' pending sends (contract §12: moved,
// never silently dropped). Sends not yet attempted to the end — `pending` or `waiting_relay`; the
// relay certainly has none of them (lib/sending/send-draft.ts) — lose their slot and are scheduled
// again on the campaign's other senders (or the default sender), and their leads' sequences move
// with them. A send in flight (`sending`, `committing`) finishes where it is. The move is audited
// with its counts per new sender.

export async function moveSenderSends(workspaceId: string, senderId: string, actor: Actor, why: "disabled" | "deleted"): Promise<number> {
  const { rows } = await sql().query<{ draftId: string }>(
    `DELETE FROM sends WHERE "workspaceId" = $1 AND "senderId" = $2 AND status = ANY($3) RETURNING "draftId"`,
    [workspaceId, senderId, [SEND_STATUS.pending, SEND_STATUS.waiting_relay]],
  );
  // Every lead of this sender whose sequence goes on gets another sender at its next send. Only
  // runs that have not ended can send again; their leads are read by run (run_leads has no index
  // on senderId, so that assigning senders stays a HOT update).
  await sql().query(
    `UPDATE run_leads SET "senderId" = NULL
      WHERE "runId" IN (SELECT id FROM runs WHERE "workspaceId" = $1 AND NOT (status = ANY($3))) AND "senderId" = $2`,
    [workspaceId, senderId, ENDED_RUN_STATUSES],
  );
  const draftIds = rows.map((row) => row.draftId);
  if (!draftIds.length) return 0;
  const slots = await scheduleDrafts(draftIds);
  const to: Record<string, number> = {};
  for (const slot of slots.values()) to[slot?.senderId ?? "default"] = (to[slot?.senderId ?? "default"] ?? 0) + 1;
  await db().$transaction((tx) =>
    recordAudit(tx, { workspaceId, actor, action: "sender.sends_moved", target: { type: "sender", id: senderId }, data: { why, moved: draftIds.length, to } }),
  );
  await enqueueBulkAfterCommit(
    "send",
    draftIds.map((draftId) => ({ payload: { v: 1 as const, draftId }, options: { tag: `moved-${Date.now()}` } })),
  );
  return draftIds.length;
}
