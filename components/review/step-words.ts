import { SEQUENCE_END_REASON_LABELS, type SequenceEndReason } from "@/lib/states/sequence";

// Words for a draft's place in its sequence and for why a sequence ended, shared by the review
// queue, the draft page and the run page (pure; step-words.test.ts).

/** "Step 2 of 3 · follow-up", "Step 1 of 3 · first email"; null for a run of one step (nothing to say). */
export function stepWords(step: number | null, steps: number): string | null {
  if (step === null) return "Answer to a reply"; // kind reply: no step of the sequence (contract §13)
  if (steps <= 1 && step <= 1) return null;
  return `Step ${step} of ${Math.max(steps, step)} · ${step === 1 ? "first email" : "follow-up"}`;
}

/** "sent 3 days after step 1": a follow-up's wait, counted from the previous step's send. */
export function waitWords(step: number | null, wait: { words: string } | null): string | null {
  if (step === null || step <= 1 || !wait) return null;
  return `sent ${wait.words} after step ${step - 1}`;
}

const ENDED = SEQUENCE_END_REASON_LABELS;

/** Why a sequence ended, as a reader says it: "the lead replied". */
export const endedWords = (reason: string | null): string => (reason && reason in ENDED ? ENDED[reason as SequenceEndReason] : "the sequence ended");

/** A follow-up that was never sent: "Not sent: the lead replied". */
export const canceledWords = (reason: string | null): string => `Not sent: ${endedWords(reason)}`;
