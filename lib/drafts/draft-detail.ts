import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { DRAFT_INCLUDE, presentDraft } from "@/lib/drafts/present-draft";
import { presentLead } from "@/lib/leads/present-lead";
import { listLeadTraces } from "@/lib/runs/lead-traces";
import { threadOfDraft } from "@/lib/sequences/draft-thread";

// Everything the draft page (the review_url) shows: the draft, its lead with signals and
// qualification, the lead's trace in the draft's run, the run's state for that lead and who
// reviewed it.

export async function getDraftDetail(workspaceId: string, id: string) {
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
  const [traces, reviewer, thread] = await Promise.all([
    listLeadTraces(workspaceId, draft.runId, draft.leadId),
    draft.reviewerId ? db().user.findUnique({ where: { id: draft.reviewerId }, select: { name: true, email: true } }) : null,
    threadOfDraft(draft),
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
    reviewer: reviewer ? { name: reviewer.name, email: reviewer.email } : null,
    ...thread,
    traces,
  };
}
export type DraftDetail = Awaited<ReturnType<typeof getDraftDetail>>;
