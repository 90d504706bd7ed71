import { rejectCampaign, RejectCampaignBody } from "@/lib/campaigns/campaign-decisions";
import { CampaignIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Rejecting needs reviewer, as POST /v1/campaigns/{id}/reject, and not the campaign's creator (403).
export const POST = webRoute({
  role: "reviewer",
  params: CampaignIdParam,
  body: RejectCampaignBody,
  handler: ({ session, actor, params, body }) => rejectCampaign(session.workspace.id, params.id, body, { userId: session.user.id, actor }),
});
