import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { noteFirstRead } from "@/lib/drafts/draft-reads";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { presentLead } from "@/lib/leads/present-lead";
import { listLeadTraces } from "@/lib/runs/lead-traces";
import { draftsFrom } from "@/lib/senders/draft-from";
import { threadOfDraft } from "@/lib/sequences/draft-thread";
import { sendHold } from "@/lib/sequences/send-outlook";

// Everything the draft page (the review_url) shows: the draft, its lead with signals and
// qualification, the lead's trace in the draft's run, the run's state for that lead and who
// reviewed it.

/** `readBy`: the user whose page asked, as in getDraft (lib/drafts/draft-reads.ts). */
export async function getDraftDetail(workspaceId: string, id: string, readBy?: string) {
  const draft = await db().draft.findFirst({
    where: { id, workspaceId },
    include: {
      ...DRAFT_INCLUDE,
      lead: true,
      run: { select: { name: true, steps: true } },
      runLead: {
        select: {
          state: true,
          stage: true,
          senderId: true,
          reasonCode: true,
          reasonMessage: true,
          sequenceStep: true,
          sequenceStatus: true,
          sequenceEndedReason: true,
          nextAt: true,
        },
      },
    },
  });
  if (!draft) throw new NotFound("draft");
  if (readBy) await noteFirstRead(draft.id, readBy);
  const [traces, reviewer, thread, [from]] = await Promise.all([
    listLeadTraces(workspaceId, draft.runId, draft.leadId),
    draft.reviewerId ? db().user.findUnique({ where: { id: draft.reviewerId }, select: { name: true, email: true } }) : null,
    threadOfDraft(draft),
    draftsFrom(workspaceId, [{ senderId: draft.send?.senderId ?? draft.runLead.senderId }]),
  ]);
  const presented = presentDraft(draft);
  return {
    draft: presented,
    lead: presentLead(draft.lead),
    run: { id: draft.runId, name: draft.run.name },
    run_lead: {
      state: draft.runLead.state,
      stage: draft.runLead.stage,
      reason: draft.runLead.reasonCode ? { code: draft.runLead.reasonCode, message: draft.runLead.reasonMessage ?? "" } : null,
    },
    send: presented.send,
    /** What keeps an approved draft's send from going at its slot (a stopped lead, an out-of-office); null: nothing. */
    send_hold: sendHold({ draft: { status: draft.status, step: draft.step }, send: draft.send, runLead: draft.runLead }),
    /** Who it goes (or went) out From (contract §13). */
    from,
    reviewer: reviewer ? { name: reviewer.name, email: reviewer.email } : null,
    ...thread,
    traces,
  };
}
export type DraftDetail = Awaited<ReturnType<typeof getDraftDetail>>;
