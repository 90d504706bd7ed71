import { DraftIdParams } from "@/lib/drafts/present-draft";
import { rejectDraft, RejectDraftBody } from "@/lib/drafts/review-draft";
import { webRoute } from "@/lib/web/web-route";

// The same rejectDraft as POST /v1/drafts/{id}/reject: fires draft.rejected with the reason.
export const POST = webRoute({
  role: "reviewer",
  params: DraftIdParams,
  body: RejectDraftBody,
  handler: ({ session, actor, params, body }) => rejectDraft(session.workspace.id, params.id, body.reason, { userId: session.user.id, actor }),
});
