import { approveCampaign } from "@/lib/campaigns/campaign-decisions";
import { ApproveBody } from "@/lib/evals/compare";
import { CampaignIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Approving needs reviewer, as POST /v1/campaigns/{id}/approve, and not the campaign's creator (four
// eyes, 403); approveCampaign writes the state, the set approval and the audit entry in one transaction.
export const POST = webRoute({
  role: "reviewer",
  params: CampaignIdParam,
  body: ApproveBody,
  bodyOptional: true,
  handler: ({ session, actor, params, body }) => approveCampaign(session.workspace.id, params.id, { userId: session.user.id, actor }, body),
});
