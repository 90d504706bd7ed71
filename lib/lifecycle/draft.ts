import { db, queryIn, type AnyTx, type Prisma, type Tx } from "@/lib/db";
import { DRAFT_STATUS, DRAFT_STATUSES, type DraftStatus } from "@/lib/states/draft";
import { UNCLAIMED_SEND_STATUSES } from "@/lib/states/send";

export { APPROVED_DRAFT_STATUSES } from "@/lib/states/draft";

// A draft's status is owned here: the table of allowed moves, and the only function that writes
// `drafts.status` (review, undo, the end of a send and a retried send all come through it). A draft
// is inserted `awaiting_review` by the pipeline (lib/pipeline/write-results.ts). Every write is a
// conditional update from the states allowed to move, so a move not in the table changes nothing.
//
//   awaiting_review ─► approved ─► sent            approved ─► awaiting_review (undo inside the window)
//         └─► rejected      └─► failed ─► approved (a retried send), sent (a doubt resolved sent)
//   awaiting_review | approved ─► canceled (a follow-up whose lead's sequence ended before it was sent: lib/sequences/)

export const DRAFT_TRANSITIONS: Record<DraftStatus, readonly DraftStatus[]> = {
  awaiting_review: ["approved", "rejected", "canceled"], // a reviewer (lib/drafts/review-draft.ts); the sequence ended
  // undo inside the window; the send recorded, or refused (lib/sending/record-send.ts); the sequence ended before its send
  approved: ["awaiting_review", "sent", "failed", "canceled"],
  rejected: [],
  canceled: [],
  sent: [],
  // retried from the draft page (lib/drafts/retry-send.ts); or sent: a send left in doubt by one
  // attempt while another's refusal failed its draft, then found in the Sent folder or resolved sent
  failed: ["approved", "sent"],
};

export function canMoveDraft(from: DraftStatus, to: DraftStatus): boolean {
  return DRAFT_TRANSITIONS[from].includes(to);
}

/** The states a draft may be in to move to `to`. */
export function draftStatusesBefore(to: DraftStatus): DraftStatus[] {
  return DRAFT_STATUSES.filter((from) => canMoveDraft(from, to));
}

type DraftKey = { id: string } & Omit<Prisma.DraftWhereInput, "id" | "status">;
type MoveData = Omit<Prisma.DraftUncheckedUpdateManyInput, "id" | "status" | "workspaceId">;
type Client = Pick<Tx, "draft">;

/**
 * Moves the draft `where` names (its id, with any further conditions: workspace, undo window) to
 * `to` if its status allows it (DRAFT_TRANSITIONS), with `data` in the same update; `from` narrows
 * the states it may move from. Answers whether it moved.
 */
export async function moveDraft(
  where: DraftKey,
  to: DraftStatus,
  data: MoveData = {},
  options: { from?: readonly DraftStatus[]; tx?: Client } = {},
): Promise<boolean> {
  const allowed = draftStatusesBefore(to).filter((from) => !options.from || options.from.includes(from));
  const { count } = await (options.tx ?? db()).draft.updateMany({ where: { ...where, status: { in: allowed } }, data: { ...data, status: to } });
  return count === 1;
}

/**
 * Cancels the follow-ups (step 2 and later) of these run leads that are not on their way yet:
 * awaiting review, or approved with no send claimed (no send row, or one still `pending` or
 * `waiting_relay`, which is removed: nothing was sent under its Message-ID). Two statements in the
 * caller's transaction: the first locks the drafts (a send attempt claims its send while holding
 * its draft's row, lib/sending/send-draft.ts), the second, with a snapshot taken after the lock,
 * sees any claim that won. Answers the canceled drafts.
 */
export async function cancelUnsentFollowUps(client: AnyTx, runLeadIds: readonly string[]): Promise<string[]> {
  if (runLeadIds.length === 0) return [];
  const from = draftStatusesBefore(DRAFT_STATUS.canceled);
  await queryIn(client, `SELECT id FROM drafts WHERE "runLeadId" = ANY($1) AND step > 1 AND status = ANY($2) FOR UPDATE`, [runLeadIds, from]);
  const canceled = await queryIn<{ id: string }>(
    client,
    `UPDATE drafts d SET status = $3, "updatedAt" = now()
      WHERE d."runLeadId" = ANY($1) AND d.step > 1 AND d.status = ANY($2)
        AND NOT EXISTS (SELECT 1 FROM sends s WHERE s."draftId" = d.id AND NOT (s.status = ANY($4)))
      RETURNING d.id`,
    [runLeadIds, from, DRAFT_STATUS.canceled, UNCLAIMED_SEND_STATUSES],
  );
  const ids = canceled.map((row) => row.id);
  if (ids.length) await queryIn(client, `DELETE FROM sends WHERE "draftId" = ANY($1) AND status = ANY($2) RETURNING id`, [ids, UNCLAIMED_SEND_STATUSES]);
  return ids;
}
