import { DraftIdParams } from "@/lib/drafts/present-draft";
import { retrySend } from "@/lib/drafts/retry-send";
import { webRoute } from "@/lib/web/web-route";

// "Retry send" on the draft page: a send the relay refused, or one still failing, is queued again.
export const POST = webRoute({
  role: "reviewer",
  params: DraftIdParams,
  handler: ({ session, actor, params }) => retrySend(session.workspace.id, params.id, actor),
});
