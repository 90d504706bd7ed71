import { caseFromDraft } from "@/lib/evals/case-from-draft";
import { DraftIdParams } from "@/lib/drafts/present-draft";
import { webRoute } from "@/lib/web/web-route";

// One click on the draft page: a reviewer's edit or rejection becomes a case of the draft
// prompt's eval set (reviewer, as adding a case over /v1).
export const POST = webRoute({
  role: "reviewer",
  params: DraftIdParams,
  status: 201,
  handler: ({ session, actor, params }) => caseFromDraft(session.workspace.id, params.id, actor),
});
