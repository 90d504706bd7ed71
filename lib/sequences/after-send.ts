import type { Tx } from "@/lib/db";
import { awaitNextStep } from "@/lib/lifecycle/sequence";
import { endSequences } from "@/lib/sequences/end-sequence";
import { dueAfter, lastStep, runSteps } from "@/lib/sequences/run-steps";
import { SEQUENCE_END_REASON } from "@/lib/statuses";

/**
 * What a recorded send means for its lead's sequence, in the send's transaction
 * (lib/sending/record-send.ts): `continues` when a later step waits (the lead stays `running`, due
 * at the send plus the next step's wait), `ended` when this was the last step (the sequence
 * completes) or the sequence had ended while the mail was on its way, `none` for a run without steps.
 */
export async function afterStepSent(tx: Tx, draft: { runId: string; runLeadId: string; step: number }, sentAt: Date): Promise<"continues" | "ended" | "none"> {
  const run = await tx.run.findUnique({ where: { id: draft.runId }, select: { steps: true } });
  const steps = runSteps(run?.steps);
  if (steps.length === 0) return "none";
  if (draft.step >= lastStep(steps)) {
    await endSequences(tx, [draft.runLeadId], SEQUENCE_END_REASON.completed, { runLeadTo: null });
    return "ended";
  }
  const due = dueAfter(steps, draft.step + 1, sentAt)!;
  return (await awaitNextStep(tx, draft.runLeadId, draft.step, due)) ? "continues" : "ended";
}
