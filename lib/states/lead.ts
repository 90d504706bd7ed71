import { labelled, named } from "@/lib/states/define";

// A lead's statuses (`leads.status`; moves and writes: lib/lifecycle/lead.ts), groups and labels. Browser-safe.

export const LEAD_STATUSES = ["new", "qualified", "rejected", "drafted", "approved", "sent", "replied", "suppressed", "bounced"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS = named(LEAD_STATUSES);
export const LEAD_STATUS_LABELS = labelled(LEAD_STATUSES);

/** The statuses a run's stages set (qualify, draft_email), from whatever the lead went through before. */
export const STAGE_LEAD_STATUSES = [LEAD_STATUS.qualified, LEAD_STATUS.rejected, LEAD_STATUS.drafted] as const satisfies readonly LeadStatus[];
