import { labelled, named } from "@/lib/states/define";

// A run lead's sequence (`run_leads.sequenceStatus`, `sequenceEndedReason`; moves and writes:
// lib/lifecycle/sequence.ts), and why one ended (contract §12). Browser-safe.

export const SEQUENCE_STATUSES = ["active", "paused", "finished"] as const;
export type SequenceStatus = (typeof SEQUENCE_STATUSES)[number];
export const SEQUENCE_STATUS = named(SEQUENCE_STATUSES);
export const SEQUENCE_STATUS_LABELS = labelled(SEQUENCE_STATUSES);
/** Going: the scheduler still acts on it. */
export const GOING_SEQUENCE_STATUSES = [SEQUENCE_STATUS.active, SEQUENCE_STATUS.paused] as const satisfies readonly SequenceStatus[];

export const SEQUENCE_END_REASONS = ["completed", "replied", "bounced", "unsubscribed", "rejected", "stopped", "company_replied"] as const;
export type SequenceEndReason = (typeof SEQUENCE_END_REASONS)[number];
export const SEQUENCE_END_REASON = named(SEQUENCE_END_REASONS);
/** Why a sequence ended, as a reader says it ("the lead replied"). */
export const SEQUENCE_END_REASON_LABELS: Readonly<Record<SequenceEndReason, string>> = {
  completed: "every step was sent",
  replied: "the lead replied",
  bounced: "the address bounced",
  unsubscribed: "the lead unsubscribed",
  rejected: "a reviewer rejected a step",
  stopped: "a reviewer stopped the sequence",
  company_replied: "someone else at the same company replied",
};
