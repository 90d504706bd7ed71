import { db } from "@/lib/db";
import { endSequences } from "@/lib/sequences/end-sequence";
import { SEQUENCE_END_REASON, SEQUENCE_STATUS } from "@/lib/statuses";

// The stop rules at the last moment (contract §12): just before a follow-up is sent, its lead's
// sequence is read again. Replies are classified by the track stage, which ends or pauses the
// sequence in the same transaction that records the class (lib/sequences/stop-rules.ts); a reply
// that arrived and is not classified yet holds the follow-up until it is.

export type Hold = "go" | "ended" | "paused" | "reply_pending";

type SendingFollowUp = {
  step: number;
  runLeadId: string;
  run: { stopAfter: string | null };
  runLead: { sequenceStatus: string | null; nextAt: Date | null };
};

export async function followUpHold(draft: SendingFollowUp, now = new Date()): Promise<Hold> {
  if (draft.step === 1) return "go";
  const { sequenceStatus, nextAt } = draft.runLead;
  if (sequenceStatus === SEQUENCE_STATUS.finished) return "ended";
  if (sequenceStatus === SEQUENCE_STATUS.paused && nextAt && nextAt > now) return "paused";
  const unclassified = await db().reply.count({
    where: { draft: { runLeadId: draft.runLeadId }, classifiedAt: null, correctedAt: null },
  });
  if (unclassified === 0) return "go";
  // A run that stops before track never classifies its replies: any reply ends the sequence.
  if (draft.run.stopAfter === "send") {
    await db().$transaction((tx) => endSequences(tx, [draft.runLeadId], SEQUENCE_END_REASON.replied));
    return "ended";
  }
  return "reply_pending";
}
