import { queryIn, type Tx } from "@/lib/db";
import { pauseSequence } from "@/lib/lifecycle/sequence";
import { answersForCompany, endCompanySequences } from "@/lib/sequences/company-stop";
import { endSequences } from "@/lib/sequences/end-sequence";
import { isTimeZone, ScheduleSchema, zonedInstant, zoneFor } from "@/lib/senders/window";
import { SEQUENCE_END_REASON, SEQUENCE_STATUS, type SequenceEndReason } from "@/lib/statuses";

// The stop rules of a sequence (contract §12), applied where what stops it is recorded, in the
// same transaction: a classified reply (lib/replies/track-reply.ts), a hard bounce or an address
// suppressed (lib/suppressions/suppressions.ts, through the hook of send-hooks.ts). The send path
// reads them again at the last moment (lib/sequences/send-hold.ts).

export type ClassifiedReply = { runLeadId: string; classification: string; returnDate?: string | null };

/** A reply's class as a sequence reads it: the reason it ends, a pause (out_of_office), or nothing (auto_reply). */
export function stopRuleFor(classification: string): SequenceEndReason | "pause" | "none" {
  if (classification === "out_of_office") return "pause";
  if (classification === "auto_reply") return "none"; // a ticket system's or mailbox's acknowledgement: no one answered
  if (classification === "unsubscribe") return SEQUENCE_END_REASON.unsubscribed;
  if (classification === "bounce") return SEQUENCE_END_REASON.bounced;
  return SEQUENCE_END_REASON.replied;
}

/**
 * When an out-of-office's return date (YYYY-MM-DD) begins for the lead: midnight in the zone its
 * sends are timed in (the campaign schedule's zone, or the lead's own under "lead"), else in the
 * lead's own zone, else UTC. Pure.
 */
export function returnsAt(returnDate: string, schedule: unknown, leadZone: string | null): Date {
  const parsed = ScheduleSchema.safeParse(schedule);
  const zone = parsed.success ? zoneFor(parsed.data, leadZone) : leadZone && isTimeZone(leadZone) ? leadZone : "UTC";
  return new Date(zonedInstant(returnDate, 0, zone));
}

/**
 * Applies each classified reply to its lead's sequence: an out-of-office with a return date pauses
 * it until the start of that day where the lead is (returnsAt); without one it goes on; an
 * auto_reply leaves it running; any other class ends it.
 */
export async function applyReplyStopRules(tx: Tx, replies: ClassifiedReply[]): Promise<void> {
  const ending = new Map<SequenceEndReason, string[]>();
  for (const reply of replies) {
    const rule = stopRuleFor(reply.classification);
    if (rule === "none") continue;
    if (rule === "pause") {
      if (reply.returnDate) await pauseSequence(tx, reply.runLeadId, await returnOf(tx, reply.runLeadId, reply.returnDate));
      continue;
    }
    ending.set(rule, [...(ending.get(rule) ?? []), reply.runLeadId]);
  }
  for (const [reason, ids] of ending) await endSequences(tx, ids, reason);
  // The replying leads' colleagues at the same company (lib/sequences/company-stop.ts).
  await endCompanySequences(
    tx,
    replies.filter((reply) => answersForCompany(reply.classification)).map((reply) => reply.runLeadId),
  );
}

async function returnOf(tx: Tx, runLeadId: string, returnDate: string): Promise<Date> {
  const [row] = await queryIn<{ schedule: unknown; timeZone: string | null }>(
    tx,
    `SELECT c.schedule, l."timeZone" FROM run_leads rl JOIN leads l ON l.id = rl."leadId" JOIN runs r ON r.id = rl."runId"
       LEFT JOIN campaigns c ON c.id = r."campaignId" WHERE rl.id = $1`,
    [runLeadId],
  );
  return returnsAt(returnDate, row?.schedule ?? null, row?.timeZone ?? null);
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
