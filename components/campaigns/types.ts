import type { z } from "zod";
import type { getCampaignForReview } from "@/lib/campaigns/campaign-review";
import type { CampaignSchema } from "@/lib/campaigns/campaigns";

export type CampaignJson = z.infer<typeof CampaignSchema>;
export type CampaignReview = Awaited<ReturnType<typeof getCampaignForReview>>;
