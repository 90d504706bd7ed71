import { db, sql } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { ENDED_RUN_STATUSES } from "@/lib/lifecycle/run";
import { assignSenders } from "@/lib/senders/assign";
import { presentSaved, removeSender, saveSender, type SenderItem, type UpdateSenderBody } from "@/lib/senders/senders";
import { rewriteForNewSender } from "@/lib/drafts/rewrite-for-sender";
import { DRAFT_STATUS, SEND_STATUS } from "@/lib/statuses";

// A sender that is disabled or deleted keeps none of its leads (contract §12: moved, never silently
// dropped; §13: never sent under someone else's name). Sends not yet attempted to the end —
// `pending` or `waiting_relay`; the relay certainly has none of them (lib/sending/send-draft.ts) —
// are taken back; the sender's leads in runs still going are given another of the campaign's
// senders (or the default sender), and their drafts not yet sent are written again for it and go
// back to review (lib/drafts/rewrite-for-sender.ts). A send in flight (`sending`, `committing`)
// finishes where it is. The move is audited with its counts per new sender.
//
// This sits above lib/senders and lib/drafts (docs/architecture.md "Layers"): the senders' own
// settings are saved by lib/senders/senders.ts, and the drafts are written again by lib/drafts, which
// reads the senders; neither imports the other's caller.

/** PATCH /senders/{id}: saves the settings; a sender this disables hands its sends and leads on. */
export async function updateSender(workspaceId: string, id: string, body: UpdateSenderBody, actor: Actor): Promise<SenderItem> {
  const saved = await saveSender(workspaceId, id, body, actor);
  if (saved.disabled) await moveSenderSends(workspaceId, id, actor, "disabled");
  return presentSaved(workspaceId, id, saved);
}

/** DELETE /senders/{id}: the sender goes, and its sends and leads are handed on. */
export async function deleteSender(workspaceId: string, id: string, actor: Actor): Promise<void> {
  await removeSender(workspaceId, id, actor);
  await moveSenderSends(workspaceId, id, actor, "deleted");
}

export async function moveSenderSends(workspaceId: string, senderId: string, actor: Actor, why: "disabled" | "deleted"): Promise<number> {
  const { rows } = await sql().query<{ draftId: string }>(
    `DELETE FROM sends WHERE "workspaceId" = $1 AND "senderId" = $2 AND status = ANY($3) RETURNING "draftId"`,
    [workspaceId, senderId, [SEND_STATUS.pending, SEND_STATUS.waiting_relay]],
  );
  // Only runs that have not ended can send again, but for answers (issue 37): a lead of an ended run
  // (a one-step run is completed once its emails are sent) whose answer to a reply is not sent yet
  // moves too, so the answer goes out From, and signed by, a sender that still sends. Their leads are
  // read by run (run_leads has no index on senderId, so that assigning senders stays a HOT update).
  const moved = await sql().query<{ id: string; campaignId: string | null }>(
    `UPDATE run_leads rl SET "senderId" = NULL FROM runs r
      WHERE r.id = rl."runId" AND r."workspaceId" = $1 AND rl."senderId" = $2
        AND (NOT (r.status = ANY($3))
             OR EXISTS (SELECT 1 FROM drafts d WHERE d."runLeadId" = rl.id AND d.kind = 'reply' AND d.status = ANY($4)))
      RETURNING rl.id, r."campaignId"`,
    [workspaceId, senderId, ENDED_RUN_STATUSES, [DRAFT_STATUS.awaiting_review, DRAFT_STATUS.approved]],
  );
  const leads = moved.rows.filter((row) => row.campaignId);
  const assigned = await assignSenders(leads.map((row) => ({ runLeadId: row.id, campaignId: row.campaignId!, workspaceId })));
  const to: Record<string, number> = {};
  for (const row of moved.rows) {
    const key = assigned.get(row.id) ?? "default";
    to[key] = (to[key] ?? 0) + 1;
  }
  const drafts = await rewriteForNewSender(
    workspaceId,
    moved.rows.map((row) => row.id),
    senderId,
    actor,
  );
  if (!moved.rows.length && !rows.length) return 0;
  await db().$transaction((tx) =>
    recordAudit(tx, {
      workspaceId,
      actor,
      action: "sender.sends_moved",
      target: { type: "sender", id: senderId },
      data: { why, moved: rows.length, leads: moved.rows.length, to, drafts_rewritten: drafts.rewritten, approvals_lapsed: drafts.lapsed },
    }),
  );
  return rows.length;
}
