import { queryIn, type Tx } from "@/lib/db";
import { pauseSequence } from "@/lib/lifecycle/sequence";
import { endSequences } from "@/lib/sequences/end-sequence";
import { SEQUENCE_END_REASON, SEQUENCE_STATUS, type SequenceEndReason } from "@/lib/statuses";

// The stop rules of a sequence (contract §12), applied where what stops it is recorded, in the
// same transaction: a classified reply (lib/replies/track-reply.ts), a hard bounce or an address
// suppressed (lib/suppressions/suppressions.ts). The send path reads them again at the last moment
// (lib/sequences/send-hold.ts).

export type ClassifiedReply = { runLeadId: string; classification: string; returnDate?: string | null };

/** A reply's class as a sequence reads it: the reason it ends, or a pause (out_of_office). */
export function stopRuleFor(classification: string): SequenceEndReason | "pause" {
  if (classification === "out_of_office") return "pause";
  if (classification === "unsubscribe") return SEQUENCE_END_REASON.unsubscribed;
  if (classification === "bounce") return SEQUENCE_END_REASON.bounced;
  return SEQUENCE_END_REASON.replied;
}

/**
 * Applies each classified reply to its lead's sequence: an out-of-office with a return date pauses
 * it until the start of that day (UTC); without one it goes on; any other class ends it.
 */
export async function applyReplyStopRules(tx: Tx, replies: ClassifiedReply[]): Promise<void> {
  const ending = new Map<SequenceEndReason, string[]>();
  for (const reply of replies) {
    const rule = stopRuleFor(reply.classification);
    if (rule === "pause") {
      if (reply.returnDate) await pauseSequence(tx, reply.runLeadId, new Date(`${reply.returnDate}T00:00:00Z`));
      continue;
    }
    ending.set(rule, [...(ending.get(rule) ?? []), reply.runLeadId]);
  }
  for (const [reason, ids] of ending) await endSequences(tx, ids, reason);
}

/** Ends every sequence still going for an address of the workspace (a hard bounce, an unsubscribe, a suppression). */
export async function endSequencesForAddress(tx: Tx, workspaceId: string, emailLower: string, reason: SequenceEndReason): Promise<number> {
  const rows = await queryIn<{ id: string }>(
    tx,
    `SELECT rl.id FROM run_leads rl JOIN leads l ON l.id = rl."leadId" JOIN runs r ON r.id = rl."runId"
      WHERE l."workspaceId" = $1 AND l."emailLower" = $2 AND r.steps IS NOT NULL AND rl."sequenceStatus" IS DISTINCT FROM $3`,
    [workspaceId, emailLower, SEQUENCE_STATUS.finished],
  );
  return endSequences(
    tx,
    rows.map((row) => row.id),
    reason,
  );
}
