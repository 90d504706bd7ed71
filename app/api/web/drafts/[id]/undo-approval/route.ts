import { DraftIdParams } from "@/lib/drafts/present-draft";
import { undoApproval } from "@/lib/drafts/undo-approval";
import { webRoute } from "@/lib/web/web-route";

// Takes back an approval made in the web app while its send still waits (the undo window).
export const POST = webRoute({
  role: "reviewer",
  params: DraftIdParams,
  handler: ({ session, actor, params }) => undoApproval(session.workspace.id, params.id, { userId: session.user.id, actor }),
});
