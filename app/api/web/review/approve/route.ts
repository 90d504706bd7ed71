import { approveDrafts, ApproveDraftsBody } from "@/lib/drafts/approve-drafts";
import { undoWindowMs } from "@/lib/sending/send-window";
import { webRoute } from "@/lib/web/web-route";

// Bulk approval: each draft through the same approveDraft as POST /v1/drafts/{id}/approve.
export const POST = webRoute({
  role: "reviewer",
  body: ApproveDraftsBody,
  handler: ({ session, actor, body }) =>
    approveDrafts(session.workspace.id, body.ids, { userId: session.user.id, actor }, { sendAfter: new Date(Date.now() + undoWindowMs()) }),
});
