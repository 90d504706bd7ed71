import type { CampaignSchema } from "@/lib/campaigns/campaigns";
import type { BulkOutcome } from "@/lib/drafts/approve-drafts";
import type { DraftDetail } from "@/lib/drafts/draft-detail";
import type { ReviewQueueItem } from "@/lib/drafts/review-queue";
import type { z } from "zod";

// Wire types only (erased at build): the shapes app/api/web/** answers with.
export type { DraftDetail, ReviewQueueItem };
export type Campaign = z.infer<typeof CampaignSchema>;
export type BulkApproveResult = { approved: number; results: BulkOutcome[] };
/** `risk`: "", low, medium or high; `sort`: "" (newest first) or "risk" (riskiest first). */
export type QueueFilters = { runId: string; campaignId: string; step: string; q: string; risk: string; sort: string };
