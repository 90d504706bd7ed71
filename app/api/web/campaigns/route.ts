import { CampaignsQuery, createCampaign, CreateCampaignBody, listCampaigns } from "@/lib/campaigns/campaigns";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", query: CampaignsQuery, handler: ({ session, query }) => listCampaigns(session.workspace.id, query) });

// Creating needs admin, as POST /v1/campaigns.
export const POST = webRoute({
  role: "admin",
  body: CreateCampaignBody,
  status: 201,
  handler: ({ session, actor, body }) => createCampaign(session.workspace.id, body, { userId: session.user.id, actor }),
});
