import { getDraftDetail } from "@/lib/drafts/draft-detail";
import { DraftIdParams } from "@/lib/drafts/present-draft";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: DraftIdParams,
  handler: ({ session, params }) => getDraftDetail(session.workspace.id, params.id, session.user.id),
});
