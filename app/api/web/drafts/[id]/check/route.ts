import { checkDraft, CheckDraftBody } from "@/lib/drafts/check-draft";
import { DraftIdParams } from "@/lib/drafts/present-draft";
import { webRoute } from "@/lib/web/web-route";

// The same checkDraft as POST /v1/drafts/{id}/check: evidence, checks and risk of an edit, nothing
// saved. The draft page calls it (debounced) as the reviewer types.
export const POST = webRoute({
  role: "reviewer",
  params: DraftIdParams,
  body: CheckDraftBody,
  handler: ({ session, params, body }) => checkDraft(session.workspace.id, params.id, body),
});
