import type { Prisma } from "@/lib/db";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import { mergeOffers } from "@/lib/offer/offer";
import { IcpRules } from "@/lib/icp/icp";
import type { LeadContext } from "@/lib/prompts/run-prompt";

// What a machine stage knows besides the lead, for one run: the pack's ICP, the offer (workspace,
// then the pack's and the campaign's overrides) and who signs. Used by the stage jobs and by
// replays (lib/replays), so a replay asks exactly as the run did.

export type StageContext = LeadContext & { workspaceId: string };

export const RUN_CONTEXT_SELECT = {
  workspaceId: true,
  pack: { select: { icp: true, offer: true, maxWords: true } },
  campaign: { select: { offer: true } },
  workspace: { select: { name: true, offer: true, relay: { select: { fromName: true } } } },
} as const;
export type RunContextRow = Prisma.RunGetPayload<{ select: typeof RUN_CONTEXT_SELECT }>;

export function stageContext(run: RunContextRow): StageContext & { minScore: number } {
  const icp = IcpRules.parse(run.pack.icp);
  const offer = mergeOffers(run.workspace.offer, run.pack.offer, run.campaign?.offer);
  return {
    workspaceId: run.workspaceId,
    icp,
    offer,
    senderName: offer.sender_name ?? run.workspace.relay?.fromName ?? run.workspace.name,
    minScore: icp.min_score,
  };
}

/** The lead columns a stage sees (contract §6), as `leads l` in a query; `signals` is the lead's stored signals. */
/** `referred_by_name`: who referred the lead (a followed referral, lib/replies/referral.ts), else null. */
export const LEAD_FACT_COLUMNS = `l.email, l."firstName" AS first_name, l."lastName" AS last_name, l.company, l.title, l.domain, l.website, l.country, l.employees, l.industry, l.notes, l.attributes, l.signals,
  (SELECT COALESCE(NULLIF(concat_ws(' ', r."firstName", r."lastName"), ''), r.email) FROM leads r WHERE r.id = l."referredById") AS referred_by_name`;
export type LeadFactRow = LeadFacts & { signals: Signals | null };
