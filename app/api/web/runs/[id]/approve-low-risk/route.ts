import { approveLowRiskDrafts } from "@/lib/drafts/approve-drafts";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { undoWindowMs } from "@/lib/sending/send-window";
import { webRoute } from "@/lib/web/web-route";

// "Approve the N low-risk drafts of this run" (issue 36): the server picks the run's low-risk drafts
// awaiting review when it approves them, each through approveDraft (its audit entry, its undo window).
export const POST = webRoute({
  role: "reviewer",
  params: RunIdParams,
  handler: ({ session, actor, params }) =>
    approveLowRiskDrafts(session.workspace.id, params.id, { userId: session.user.id, actor }, { sendAfter: new Date(Date.now() + undoWindowMs()) }),
});
