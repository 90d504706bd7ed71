import { db, type Prisma, type Tx } from "@/lib/db";
import { DRAFT_STATUSES, type DraftStatus } from "@/lib/statuses";

// A draft's status is owned here: the table of allowed moves, and the only function that writes
// `drafts.status` (review, undo, the end of a send and a retried send all come through it). A draft
// is inserted `awaiting_review` by the pipeline (lib/pipeline/write-results.ts). Every write is a
// conditional update from the states allowed to move, so a move not in the table changes nothing.
//
//   awaiting_review ─► approved ─► sent            approved ─► awaiting_review (undo inside the window)
//         └─► rejected      └─► failed ─► approved (a retried send), sent (a doubt resolved sent)

export const DRAFT_TRANSITIONS: Record<DraftStatus, readonly DraftStatus[]> = {
  awaiting_review: ["approved", "rejected"], // a reviewer (lib/drafts/review-draft.ts)
  approved: ["awaiting_review", "sent", "failed"], // undo inside the window; the send recorded, or refused (lib/sending/record-send.ts)
  rejected: [],
  sent: [],
  // retried from the draft page (lib/sending/retry-send.ts); or sent: a send left in doubt by one
  // attempt while another's refusal failed its draft, then found in the Sent folder or resolved sent
  failed: ["approved", "sent"],
};

/** Approvals that stand: approved, and sent or failed since (the approval counts and the announcements read these). */
export const APPROVED_DRAFT_STATUSES = ["approved", "sent", "failed"] as const satisfies readonly DraftStatus[];

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
