import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import {
  CampaignSchema,
  CampaignsQuery,
  createCampaign,
  CreateCampaignBody,
  getCampaign,
  listCampaigns,
  updateCampaign,
  UpdateCampaignBody,
} from "@/lib/campaigns/campaigns";
import { approveCampaign, rejectCampaign, RejectCampaignBody } from "@/lib/campaigns/campaign-decisions";
import { ApproveBody } from "@/lib/evals/compare";
import { campaignForecast, ForecastSchema } from "@/lib/senders/forecast";

const CampaignIdParams = z.object({ id: z.string().regex(/^cmp_[0-9a-z]{26}$/) });

export const listCampaignsOperation = defineOperation({
  id: "listCampaigns",
  method: "GET",
  path: "/campaigns",
  tag: "Campaigns",
  role: "viewer",
  summary: "List campaigns",
  query: CampaignsQuery,
  success: { status: 200, description: "A page of campaigns", schema: pageOf(CampaignSchema, "CampaignPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listCampaigns(auth.workspace.id, query) }),
});

export const createCampaignOperation = defineOperation({
  id: "createCampaign",
  method: "POST",
  path: "/campaigns",
  tag: "Campaigns",
  role: "admin",
  summary: "Create a campaign",
  description:
    'Pins (`name[@ws]:version` per stage) apply to its runs over the pack\'s. `steps` is the sequence in order: step 1 is the first email (`{}` or `{prompt: "draft_email"}`, no wait), each later step `{wait, prompt}` with an ISO 8601 `wait` and `follow_up` or a follow_up pin; at most 8; without `steps` the campaign is one step. A campaign whose resolved prompt set (every step\'s version included) holds a fork must be approved before a run may use it. Runs started with the campaign follow its steps: each later step is drafted when its wait has passed after the previous send, reviewed, and sent in the thread (docs/pipeline.md, "Sequences"). `sender_ids` spreads its leads over those senders (empty: every enabled sender; none at all: the workspace\'s default sender); `schedule` `{time_zone ("lead" or IANA), days, start, end}` keeps its sends inside those windows (null: any time).',
  body: CreateCampaignBody,
  success: { status: 201, description: "The campaign", schema: CampaignSchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const campaign = await createCampaign(auth.workspace.id, body, { userId: auth.user.id, actor: auth.actor });
    return { status: 201, body: campaign, location: `/v1/campaigns/${campaign.id}` };
  },
});

export const getCampaignOperation = defineOperation({
  id: "getCampaign",
  method: "GET",
  path: "/campaigns/{id}",
  tag: "Campaigns",
  role: "viewer",
  summary: "Fetch a campaign, with each pinned fork's diff",
  params: CampaignIdParams,
  success: { status: 200, description: "The campaign", schema: CampaignSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getCampaign(auth.workspace.id, params.id) }),
});

export const updateCampaignOperation = defineOperation({
  id: "updateCampaign",
  method: "PATCH",
  path: "/campaigns/{id}",
  tag: "Campaigns",
  role: "admin",
  summary: "Rename a campaign or change its pins or steps",
  description: "`steps` replaces the whole sequence. Changing the pins or the steps takes back an approval.",
  params: CampaignIdParams,
  body: UpdateCampaignBody,
  success: { status: 200, description: "The campaign", schema: CampaignSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await updateCampaign(auth.workspace.id, params.id, body, auth.actor) }),
});

export const approveCampaignOperation = defineOperation({
  id: "approveCampaign",
  method: "POST",
  path: "/campaigns/{id}/approve",
  tag: "Campaigns",
  role: "reviewer",
  summary: "Approve a campaign",
  description:
    "Approves the campaign's resolved prompt set (its pins over the pack's, the workspace label and production) as it is now; runs resolving to that exact set may start. " +
    "The audit entry keeps the forks' diffs. Four eyes: the campaign's creator gets 403. 409 if already approved. " +
    "When a fork's newest evaluation passes fewer cases than its parent's on the same set (a regression), the body must carry `override_reason` (kept with the approval and in the audit entry): 409 `eval_regression` without it. The body may be left out otherwise.",
  params: CampaignIdParams,
  body: ApproveBody,
  bodyOptional: true,
  success: { status: 200, description: "The campaign", schema: CampaignSchema },
  errors: ["invalid_json", "forbidden", "not_found", "conflict", "eval_regression", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await approveCampaign(auth.workspace.id, params.id, { userId: auth.user.id, actor: auth.actor }, body) }),
});

export const rejectCampaignOperation = defineOperation({
  id: "rejectCampaign",
  method: "POST",
  path: "/campaigns/{id}/reject",
  tag: "Campaigns",
  role: "reviewer",
  summary: "Reject a campaign with a reason",
  description:
    "Takes back any approval; its runs are refused (409 `campaign_not_approved`) until a reviewer approves it. Four eyes: the campaign's creator gets 403. Fires `campaign.rejected`.",
  params: CampaignIdParams,
  body: RejectCampaignBody,
  success: { status: 200, description: "The campaign", schema: CampaignSchema },
  errors: ["invalid_json", "forbidden", "not_found", "conflict", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await rejectCampaign(auth.workspace.id, params.id, body, { userId: auth.user.id, actor: auth.actor }) }),
});

export const campaignForecastOperation = defineOperation({
  id: "getCampaignForecast",
  method: "GET",
  path: "/campaigns/{id}/forecast",
  tag: "Campaigns",
  role: "viewer",
  summary: "When a campaign's mails will go",
  description:
    "Per step: drafts still to go (awaiting review, or approved and not sent), the first scheduled slot and when the last is expected (the drafts not scheduled yet spread at the senders' caps today). " +
    "Per sender of the campaign: its cap (or ramped cap) today and how many sends it was given for today, across every campaign; with no senders, the default sender (no cap).",
  params: CampaignIdParams,
  success: { status: 200, description: "The forecast", schema: ForecastSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await campaignForecast(auth.workspace.id, params.id) }),
});
