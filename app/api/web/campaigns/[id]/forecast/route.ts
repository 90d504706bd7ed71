import { campaignForecast } from "@/lib/senders/forecast";
import { CampaignIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// As GET /v1/campaigns/{id}/forecast: the campaign page's forecast card.
export const GET = webRoute({
  role: "viewer",
  params: CampaignIdParam,
  handler: ({ session, params }) => campaignForecast(session.workspace.id, params.id),
});
