import { CampaignsQuery, listCampaigns } from "@/lib/campaigns/campaigns";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", query: CampaignsQuery, handler: ({ session, query }) => listCampaigns(session.workspace.id, query) });
