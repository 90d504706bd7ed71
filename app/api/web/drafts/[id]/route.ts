import { getDraftDetail } from "@/lib/drafts/draft-detail";
import { DraftIdParams } from "@/lib/drafts/present-draft";
import { queueSpamScoresFirst } from "@/lib/spam/score-draft";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: DraftIdParams,
  handler: async ({ session, params }) => {
    const detail = await getDraftDetail(session.workspace.id, params.id, session.user.id);
    await queueSpamScoresFirst([detail.draft]); // being read: scored before the backlog
    return detail;
  },
});
