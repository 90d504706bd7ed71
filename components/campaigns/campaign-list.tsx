"use client";

import Link from "next/link";
import { useCampaignList } from "@/components/data/queries/campaigns";
import { CampaignStatus } from "@/components/campaigns/campaign-status";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

export function CampaignList() {
  const { query: campaigns, rows } = useCampaignList();
  return (
    <section aria-labelledby="campaigns-heading" className={cardStyles}>
      <h2 id="campaigns-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Campaigns
      </h2>
      <QueryState
        query={campaigns}
        loading="Loading campaigns…"
        failed="The campaigns could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title="No campaigns yet">
            A campaign runs one pack with its own prompt pins. One that pins a fork needs a reviewer’s approval first.
          </EmptyState>
        }
      >
        <ul className="divide-y divide-slate-100">
          {rows.map((campaign) => (
            <li key={campaign.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link href={`/campaigns/${campaign.id}`} className="font-medium text-indigo-700 hover:underline">
                  {campaign.name}
                </Link>
                <p className="text-xs text-slate-600">
                  Pack <span className="font-mono">{campaign.pack}</span> · {Object.keys(campaign.pins).length} pins, {campaign.forks.length} forks · created{" "}
                  <Time iso={campaign.created_at} mode="relative" />
                </p>
              </div>
              <CampaignStatus campaign={campaign} />
            </li>
          ))}
        </ul>
      </QueryState>
      <ShowMore query={campaigns} />
    </section>
  );
}
