import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import {
  approveCampaign, CampaignSchema, CampaignsQuery, createCampaign, CreateCampaignBody, getCampaign, listCampaigns, updateCampaign, UpdateCampaignBody,
} from "@/lib/campaigns/campaigns";

const CampaignIdParams = z.object({ id: z.string().regex(/^cmp_[0-9a-z]{26}$/) });

export const listCampaignsOperation = defineOperation({
  id: "listCampaigns", method: "GET", path: "/campaigns", tag: "Campaigns", role: "viewer", summary: "List campaigns", query: CampaignsQuery,
  success: { status: 200, description: "A page of campaigns", schema: pageOf(CampaignSchema, "CampaignPage") }, errors: ["invalid_request"],
  handler: async ({ query, auth }) => ({ body: await listCampaigns(auth.workspace.id, query) }),
});

export const createCampaignOperation = defineOperation({
  id: "createCampaign", method: "POST", path: "/campaigns", tag: "Campaigns", role: "admin", summary: "Create a campaign",
  description: "Pins (`name[@ws]:version` per stage) apply to its runs over the pack's. A campaign that pins a fork must be approved before a run may use it.",
  body: CreateCampaignBody, success: { status: 201, description: "The campaign", schema: CampaignSchema }, errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const campaign = await createCampaign(auth.workspace.id, body, auth.actor);
    return { status: 201, body: campaign, location: `/v1/campaigns/${campaign.id}` };
  },
});

export const getCampaignOperation = defineOperation({
  id: "getCampaign", method: "GET", path: "/campaigns/{id}", tag: "Campaigns", role: "viewer", summary: "Fetch a campaign, with each pinned fork's diff", params: CampaignIdParams,
  success: { status: 200, description: "The campaign", schema: CampaignSchema }, errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getCampaign(auth.workspace.id, params.id) }),
});

export const updateCampaignOperation = defineOperation({
  id: "updateCampaign", method: "PATCH", path: "/campaigns/{id}", tag: "Campaigns", role: "admin", summary: "Rename a campaign or change its pins",
  description: "Changing the pins takes back an approval.", params: CampaignIdParams, body: UpdateCampaignBody,
  success: { status: 200, description: "The campaign", schema: CampaignSchema }, errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await updateCampaign(auth.workspace.id, params.id, body, auth.actor) }),
});

export const approveCampaignOperation = defineOperation({
  id: "approveCampaign", method: "POST", path: "/campaigns/{id}/approve", tag: "Campaigns", role: "reviewer", summary: "Approve a campaign",
  description: "Approves the campaign's pins as they are; the audit entry keeps the forks' diffs. 409 if already approved.", params: CampaignIdParams,
  success: { status: 200, description: "The campaign", schema: CampaignSchema }, errors: ["not_found", "conflict"],
  handler: async ({ params, auth }) => ({ body: await approveCampaign(auth.workspace.id, params.id, { userId: auth.user.id, actor: auth.actor }) }),
});
