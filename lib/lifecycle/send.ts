import { db, sql, type Prisma, type Tx } from "@/lib/db";
import { SEND_STATUS, SEND_STATUSES, type SendStatus } from "@/lib/states/send";

export { NOT_ATTEMPTED_SEND_STATUSES, RESUMABLE_SEND_STATUSES } from "@/lib/states/send";

// A send's status is owned here: what each state means, the table of allowed moves, and the only
// functions that write `sends.status` (the send attempt, its end, a relay saved, a retry, a
// reviewer's resolution all come through them). A Send row (one per approved draft) is inserted
// `pending` (reserved with its Message-ID) or `waiting_relay` by lib/sending/send-draft.ts. Every
// write is a conditional update from the states allowed to move, so a move not in the table changes
// nothing; the exactly-once path (docs/reliability.md) narrows further by the attempt's number.
//
// The states, in the order a send moves through them:
//   waiting_relay  approved while the workspace had no relay; saving a relay sends it
//   pending        reserved with its Message-ID, not yet being sent (or the last attempt ended before the end of the message)
//   sending        an attempt holds the send's lock and talks to the relay
//   committing     the end of the message is about to go to the relay: from here it is never sent again on its own
//   in_doubt       the end of the message may have gone out and no answer was recorded (a worker died in
//                  `committing`, or the relay went silent after the end): the relay may or may not have it.
//                  Never reported as sent: resolved by finding its Message-ID in the mailbox's Sent folder
//                  (lib/mailbox/sent-folder-check.ts), or by a reviewer (lib/sending/resolve-send.ts: sent, or
//                  resend under the same Message-ID). Its lead stays `running` at stage send, so its run stays `sending`.
//   sent           the relay accepted it (confirmed), or the Sent folder or a reviewer confirmed it after a doubt
//   failed         the relay refused the message for good, or the address is suppressed (the lead is
//                  rejected: relay_rejected, suppressed); a refused one is retried from the draft page

export const SEND_TRANSITIONS: Record<SendStatus, readonly SendStatus[]> = {
  // a relay saved (release), or an attempt claiming it before the release did; the address suppressed
  waiting_relay: ["pending", "sending", "failed"],
  // the relay removed since it was reserved; an attempt claims it; the address suppressed, or the relay refused it
  pending: ["waiting_relay", "sending", "failed"],
  // sending → sending: an attempt claims a send whose attempt died before the end of the message.
  // Back to pending: the attempt ended (or gave up) before the end of the message.
  sending: ["sending", "committing", "pending", "in_doubt", "sent", "failed"],
  // pending: the attempt abandoned its message (its committing write may have committed, its answer lost)
  committing: ["pending", "in_doubt", "sent", "failed"],
  // sent: the Sent folder or a reviewer; pending: a reviewer's resend, or the attempt that abandoned it knows better
  in_doubt: ["pending", "sent"],
  sent: [],
  failed: ["pending"], // retried from the draft page (lib/drafts/retry-send.ts)
};

export function canMoveSend(from: SendStatus, to: SendStatus): boolean {
  return SEND_TRANSITIONS[from].includes(to);
}

/** The states a send may be in to move to `to`. */
export function sendStatusesBefore(to: SendStatus): SendStatus[] {
  return SEND_STATUSES.filter((from) => canMoveSend(from, to));
}

/** One send, by its id or its draft's (unique), with any further conditions (workspace, the attempt's number). */
type SendKey = ({ id: string } | { draftId: string }) & Omit<Prisma.SendWhereInput, "id" | "draftId" | "status">;
type MoveData = Omit<Prisma.SendUncheckedUpdateManyInput, "id" | "draftId" | "status" | "workspaceId">;
type Client = Pick<Tx, "send">;
type MoveOptions = { from?: readonly SendStatus[]; tx?: Client };

function moveArgs(where: SendKey, to: SendStatus, data: MoveData, from?: readonly SendStatus[]) {
  const allowed = sendStatusesBefore(to).filter((status) => !from || from.includes(status));
  return { where: { ...where, status: { in: allowed } }, data: { ...data, status: to } };
}

/**
 * Moves the send `where` names to `to` if its status allows it (SEND_TRANSITIONS), with `data` in
 * the same update; `from` narrows the states it may move from. Answers whether it moved.
 */
export async function moveSend(where: SendKey, to: SendStatus, data: MoveData = {}, options: MoveOptions = {}): Promise<boolean> {
  const { count } = await (options.tx ?? db()).send.updateMany(moveArgs(where, to, data, options.from));
  return count === 1;
}

/** moveSend that answers the send as it is after the move, or null when it did not move (an attempt's claim). */
export async function moveSendReturning(where: SendKey, to: SendStatus, data: MoveData = {}, options: MoveOptions = {}) {
  const [moved] = await (options.tx ?? db()).send.updateManyAndReturn(moveArgs(where, to, data, options.from));
  return moved ?? null;
}

/**
 * Set-based: a relay was saved, so the workspace's `waiting_relay` sends become `pending`, each with
 * a Message-ID under the relay's domain (nothing was sent under the old one). Answers their drafts.
 */
export async function releaseWaitingSendRows(workspaceId: string, domain: string): Promise<string[]> {
  const from = sendStatusesBefore(SEND_STATUS.pending).filter((status) => status === SEND_STATUS.waiting_relay);
  const { rows } = await sql().query<{ draftId: string }>(
    `UPDATE sends SET status = $3, "messageId" = '<' || id || '@' || $2 || '>'
      WHERE "workspaceId" = $1 AND status = ANY($4) RETURNING "draftId"`,
    [workspaceId, domain, SEND_STATUS.pending, from],
  );
  return rows.map((row) => row.draftId);
}
