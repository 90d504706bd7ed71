import type { CampaignJson } from "@/components/campaigns/types";
import { CAMPAIGN_STATUS } from "@/lib/statuses";

/** Approved, awaiting a reviewer (pins a fork), or ready without approval (pins no fork). */
export function CampaignStatus({ campaign }: { campaign: Pick<CampaignJson, "status" | "needs_approval"> }) {
  const [label, style] =
    campaign.status === CAMPAIGN_STATUS.approved
      ? ["Approved", "bg-emerald-100 text-emerald-800"]
      : campaign.needs_approval
        ? ["Awaiting approval", "bg-amber-100 text-amber-900"]
        : ["Ready (no forks)", "bg-slate-100 text-slate-700"];
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${style}`}>{label}</span>;
}
