import { getCampaignForReview } from "@/lib/campaigns/campaign-review";
import { updateCampaign, UpdateCampaignBody } from "@/lib/campaigns/campaigns";
import { CampaignIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: CampaignIdParam,
  handler: ({ session, params }) => getCampaignForReview(session.workspace.id, params.id),
});

// As PATCH /v1/campaigns/{id} (admin): the campaign page edits its offer here; new pins take back an approval.
export const PATCH = webRoute({
  role: "admin",
  params: CampaignIdParam,
  body: UpdateCampaignBody,
  handler: ({ session, actor, params, body }) => updateCampaign(session.workspace.id, params.id, body, actor),
});
