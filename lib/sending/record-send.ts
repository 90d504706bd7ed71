import { db } from "@/lib/db";
import { recordEvents } from "@/lib/events/outbox";
import { settleRun } from "@/lib/runs/run-status";

// The state changes at the end of a send: recorded (send.completed), or the lead rejected.

export type SendingDraft = { id: string; workspaceId: string; leadId: string; runId: string; runLeadId: string; run: { stopAfter: string | null } };

const RECORD_RETRY_MS = 60_000;

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

/** Records the send as accepted: the send, draft, lead and run lead, and send.completed, in one transaction. */
export async function recordSent(draft: SendingDraft, send: { id: string; messageId: string }, outcome: { acceptedAt: Date; confirmed: boolean; note?: string }) {
  await db().$transaction(async (tx) => {
    // Only a send still being sent is recorded: a second recording (a retried commit) does nothing.
    const { count } = await tx.send.updateMany({
      where: { id: send.id, workspaceId: draft.workspaceId, status: { in: ["sending", "committing"] } },
      data: { status: "sent", acceptedAt: outcome.acceptedAt, confirmed: outcome.confirmed, error: outcome.note ?? null },
    });
    if (count === 0) return;
    await tx.draft.update({ where: { id: draft.id }, data: { status: "sent" } });
    await tx.lead.update({ where: { id: draft.leadId }, data: { status: "sent" } });
    await tx.runLead.update({ where: { id: draft.runLeadId }, data: { stage: "send", state: draft.run.stopAfter === "send" ? "stopped" : "done" } });
    await recordEvents(tx, draft.workspaceId, [{
      type: "send.completed",
      data: { lead_id: draft.leadId, draft_id: draft.id, run_id: draft.runId, message_id: send.messageId, accepted_at: outcome.acceptedAt.toISOString() },
    }]);
  });
  await settleRun(draft.runId);
}

/** Ends the lead `rejected` at the send stage (relay_rejected, suppressed); the send, if any, ends failed. */
export async function rejectAtSend(draft: SendingDraft, code: string, message: string) {
  await db().$transaction(async (tx) => {
    await tx.send.updateMany({ where: { draftId: draft.id, workspaceId: draft.workspaceId, status: { not: "sent" } }, data: { status: "failed", error: message.slice(0, 1000) } });
    await tx.draft.update({ where: { id: draft.id }, data: { status: "failed" } });
    await tx.runLead.update({ where: { id: draft.runLeadId }, data: { stage: "send", state: "rejected", reasonCode: code, reasonMessage: message.slice(0, 500) } });
    await recordEvents(tx, draft.workspaceId, [{ type: "lead.rejected", data: { lead_id: draft.leadId, run_id: draft.runId, stage: "send", reason: { code, message } } }]);
  });
  await settleRun(draft.runId);
}
