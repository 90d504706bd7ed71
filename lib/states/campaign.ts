import { labelled, named } from "@/lib/states/define";

// A campaign's statuses (`campaigns.status`, lib/campaigns/): a reviewer approves or rejects a draft campaign. Browser-safe.

export const CAMPAIGN_STATUSES = ["draft", "approved", "rejected"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS = named(CAMPAIGN_STATUSES);
export const CAMPAIGN_STATUS_LABELS = labelled(CAMPAIGN_STATUSES);
/** What a reviewer decides a campaign to be. */
export const CAMPAIGN_DECISIONS = [CAMPAIGN_STATUS.approved, CAMPAIGN_STATUS.rejected] as const satisfies readonly CampaignStatus[];
export type CampaignDecision = (typeof CAMPAIGN_DECISIONS)[number];
