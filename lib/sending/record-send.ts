import { db, type Tx } from "@/lib/db";
import { writeEvents } from "@/lib/events/outbox";
import { moveDraft } from "@/lib/lifecycle/draft";
import { moveLead } from "@/lib/lifecycle/lead";
import { settleRun } from "@/lib/lifecycle/run";
import { moveRunLead } from "@/lib/lifecycle/run-lead";
import { moveSend } from "@/lib/lifecycle/send";
import { afterSent } from "@/lib/sending/hooks";
import { enqueueAfterCommit } from "@/lib/queues";
import { kindOfStep, publicStep } from "@/lib/lifecycle/draft-kind";
import { DRAFT_STATUS, LEAD_STATUS, RUN_LEAD_STATE, SEND_STATUS, type SendStatus } from "@/lib/statuses";

// The state changes at the end of a send: recorded (send.completed), in doubt, or the lead rejected.

export type SendingDraft = {
  id: string;
  workspaceId: string;
  leadId: string;
  runId: string;
  runLeadId: string;
  step: number;
  kind: string;
  replyId: string | null;
  run: { stopAfter: string | null };
};

/** An answer to a reply (contract §13) is no step of the sequence: its send moves neither the lead nor the run lead. */
const isAnswer = (draft: Pick<SendingDraft, "kind">) => draft.kind === "reply";

/** What the end of a send reads of its draft (select it where a send is resolved outside the attempt). */
export const SENDING_DRAFT_SELECT = {
  id: true,
  workspaceId: true,
  leadId: true,
  runId: true,
  runLeadId: true,
  step: true,
  kind: true,
  replyId: true,
  run: { select: { stopAfter: true } },
} as const;

const RECORD_RETRY_MS = 60_000;
/** The run-lead states a send ends from: running, or stopped when its run was canceled while the mail was on its way. */
const SENDING = [RUN_LEAD_STATE.running, RUN_LEAD_STATE.stopped];
/** A send that became in doubt is first looked for in the Sent folder this long after (the copy may lag the relay a little). */
export const FIRST_SENT_FOLDER_CHECK_MS = 5_000;

/**
 * Once the relay has accepted the message, failing the job would only leave the send in
 * `committing` for reconciliation; still, the commit is retried here through a short database
 * outage (a PostgreSQL restart) so the common case records the relay's own answer.
 */
export async function retryingThroughOutage(commit: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + RECORD_RETRY_MS;
  for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
    try {
      await commit();
      return;
    } catch (error) {
      if (Date.now() + wait > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

type Outcome = { acceptedAt: Date; confirmed: boolean; note?: string };
type Recorded = { id: string; messageId: string };

/**
 * Records the send as accepted in the caller's transaction: the send, draft, lead and run lead, and
 * send.completed. Only a send in one of `from` is recorded (a second recording, or a send another
 * process already settled, does nothing): answers whether it was.
 */
export async function recordSentIn(
  tx: Tx,
  draft: SendingDraft,
  send: Recorded,
  outcome: Outcome,
  from: SendStatus[] = [SEND_STATUS.sending, SEND_STATUS.committing],
): Promise<boolean> {
  const recorded = await moveSend(
    { id: send.id, workspaceId: draft.workspaceId },
    SEND_STATUS.sent,
    { acceptedAt: outcome.acceptedAt, confirmed: outcome.confirmed, error: outcome.note ?? null },
    { from, tx },
  );
  if (!recorded) return false;
  const slot = await tx.send.findUniqueOrThrow({ where: { id: send.id }, select: { senderId: true, scheduledFor: true } });
  await moveDraft({ id: draft.id }, DRAFT_STATUS.sent, {}, { tx });
  if (isAnswer(draft)) {
    // The reply it answers is handled once its answer is sent (by no one: handledById stays null).
    if (draft.replyId) await tx.reply.updateMany({ where: { id: draft.replyId, handledAt: null }, data: { handledAt: outcome.acceptedAt } });
  } else {
    await moveLead(draft.leadId, LEAD_STATUS.sent, { tx });
    // A later step of the lead's sequence waits: the lead stays `running` (its run `sending`) until it
    // is due. The sequence says so through its afterSent hook (lib/sending/hooks.ts).
    const sequence = await afterSent(tx, draft, outcome.acceptedAt);
    const ended = draft.run.stopAfter === "send" ? RUN_LEAD_STATE.stopped : RUN_LEAD_STATE.done;
    await moveRunLead(draft.runLeadId, sequence === "continues" ? RUN_LEAD_STATE.running : ended, { stage: "send" }, { tx, from: SENDING });
  }
  await writeEvents(tx, draft.workspaceId, [
    {
      type: "send.completed",
      data: {
        lead_id: draft.leadId,
        draft_id: draft.id,
        run_id: draft.runId,
        message_id: send.messageId,
        accepted_at: outcome.acceptedAt.toISOString(),
        step: publicStep(draft.step),
        kind: kindOfStep(draft.step),
        sender_id: slot.senderId,
        scheduled_for: slot.scheduledFor?.toISOString() ?? null,
      },
    },
  ]);
  return true;
}

/** Records the send as accepted (recordSentIn in a transaction of its own), then settles the run. */
export async function recordSent(draft: SendingDraft, send: Recorded, outcome: Outcome, from?: SendStatus[]): Promise<boolean> {
  const recorded = await db().$transaction((tx) => recordSentIn(tx, draft, send, outcome, from));
  await settleRun(draft.runId);
  return recorded;
}

/**
 * The end of the message may have reached the relay and no answer was recorded: the send becomes
 * `in_doubt`, never `sent`. The draft stays approved and the run lead `running` at stage send, so
 * the run stays `sending` until the doubt is resolved: by the mailbox's Sent folder (a check is
 * queued now, lib/mailbox/sent-folder-check.ts) or by a reviewer (lib/sending/resolve-send.ts).
 */
export async function recordInDoubt(draft: SendingDraft, send: { id: string }, note: string): Promise<boolean> {
  const recorded = await db().$transaction(async (tx) => {
    const moved = await moveSend(
      { id: send.id, workspaceId: draft.workspaceId },
      SEND_STATUS.in_doubt,
      { inDoubtAt: new Date(), error: note.slice(0, 1000) },
      { tx },
    );
    if (!moved) return false;
    if (!isAnswer(draft)) await moveRunLead(draft.runLeadId, RUN_LEAD_STATE.running, { stage: "send" }, { tx, from: SENDING });
    return true;
  });
  if (recorded) await enqueueAfterCommit("reconcile", { v: 1, workspaceId: draft.workspaceId }, { tag: send.id, delay: FIRST_SENT_FOLDER_CHECK_MS });
  return recorded;
}

/** Ends the lead `rejected` at the send stage (relay_rejected, suppressed); the send, if any, ends failed. */
export async function rejectAtSend(draft: SendingDraft, code: string, message: string) {
  await db().$transaction(async (tx) => {
    await moveSend({ draftId: draft.id, workspaceId: draft.workspaceId }, SEND_STATUS.failed, { error: message.slice(0, 1000) }, { tx });
    await moveDraft({ id: draft.id }, DRAFT_STATUS.failed, {}, { tx });
    if (!isAnswer(draft))
      await moveRunLead(
        draft.runLeadId,
        RUN_LEAD_STATE.rejected,
        { stage: "send", reasonCode: code, reasonMessage: message.slice(0, 500) },
        { tx, from: SENDING },
      );
    await writeEvents(tx, draft.workspaceId, [
      { type: "lead.rejected", data: { lead_id: draft.leadId, run_id: draft.runId, stage: "send", reason: { code, message } } },
    ]);
  });
  await settleRun(draft.runId);
}
