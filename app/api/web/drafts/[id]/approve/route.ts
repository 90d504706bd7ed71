import { DraftIdParams } from "@/lib/drafts/present-draft";
import { approveDraft, ApproveDraftBody } from "@/lib/drafts/review-draft";
import { webRoute } from "@/lib/web/web-route";

// The same approveDraft as POST /v1/drafts/{id}/approve: edits set `edited` in draft.approved.
export const POST = webRoute({
  role: "reviewer", params: DraftIdParams, body: ApproveDraftBody,
  handler: ({ session, actor, params, body }) => approveDraft(session.workspace.id, params.id, body, { userId: session.user.id, actor }),
});
