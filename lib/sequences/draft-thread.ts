import { db } from "@/lib/db";
import { waitInWords } from "@/lib/campaigns/duration";
import { presentSequence } from "@/lib/sequences/present-sequence";
import { runSteps } from "@/lib/sequences/run-steps";
import { threadsOf } from "@/lib/sending/thread";

// What the draft page shows of a draft's sequence: the messages sent to the lead before this step
// (oldest first), the replies the lead sent in this run, the step's wait, and the lead's sequence.

type DraftInThread = {
  runLeadId: string;
  step: number;
  run: { steps: unknown };
  runLead: { sequenceStep: number | null; sequenceStatus: string | null; sequenceEndedReason: string | null; nextAt: Date | null };
};

export async function threadOfDraft(draft: DraftInThread) {
  const steps = runSteps(draft.run.steps);
  const [threads, replies] = await Promise.all([
    threadsOf([draft.runLeadId], draft.step),
    db().reply.findMany({
      where: { draft: { runLeadId: draft.runLeadId } },
      select: { id: true, subject: true, text: true, receivedAt: true, classification: true, draft: { select: { step: true } } },
      orderBy: { receivedAt: "asc" },
      take: 20,
    }),
  ]);
  const wait = steps.find((s) => s.step === draft.step)?.waitSeconds ?? null;
  return {
    steps: steps.length || 1,
    step_wait: wait === null ? null : { seconds: wait, words: waitInWords(wait) },
    thread: (threads.get(draft.runLeadId) ?? []).map((entry) => ({
      step: entry.step,
      draft_id: entry.draftId,
      subject: entry.subject,
      body: entry.body,
      message_id: entry.messageId,
      sent_at: entry.sentAt?.toISOString() ?? null,
    })),
    replies: replies.map((reply) => ({
      id: reply.id,
      step: reply.draft?.step ?? null,
      subject: reply.subject,
      text: reply.text,
      classification: reply.classification,
      received_at: reply.receivedAt.toISOString(),
    })),
    sequence: presentSequence({ ...draft.runLead, drafts: [draft] }, steps.length > 0),
  };
}
