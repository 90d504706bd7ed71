import { getCampaignForReview } from "@/lib/campaigns/campaign-review";
import { CampaignIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: CampaignIdParam, handler: ({ session, params }) => getCampaignForReview(session.workspace.id, params.id) });
