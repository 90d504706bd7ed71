import { DraftIdParams } from "@/lib/drafts/present-draft";
import { approveDraft, ApproveDraftBody } from "@/lib/drafts/review-draft";
import { undoWindowMs } from "@/lib/sending/send-window";
import { webRoute } from "@/lib/web/web-route";

// The same approveDraft as POST /v1/drafts/{id}/approve (edits set `edited` in draft.approved),
// except that the send waits for the undo window (POST .../undo-approval takes it back).
export const POST = webRoute({
  role: "reviewer",
  params: DraftIdParams,
  body: ApproveDraftBody,
  handler: ({ session, actor, params, body }) =>
    approveDraft(session.workspace.id, params.id, body, { userId: session.user.id, actor }, { sendAfter: new Date(Date.now() + undoWindowMs()) }),
});
