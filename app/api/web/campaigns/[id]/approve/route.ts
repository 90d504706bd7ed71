import { approveCampaign } from "@/lib/campaigns/campaigns";
import { CampaignIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Approving needs reviewer, as POST /v1/campaigns/{id}/approve; approveCampaign writes the state and
// the campaign.approved audit entry (with the diffs) in one transaction.
export const POST = webRoute({
  role: "reviewer", params: CampaignIdParam,
  handler: ({ session, actor, params }) => approveCampaign(session.workspace.id, params.id, { userId: session.user.id, actor }),
});
