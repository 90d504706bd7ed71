"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { queryString, webApi, type Page } from "@/components/data/web-api";
import { CampaignStatus } from "@/components/campaigns/campaign-status";
import type { CampaignJson } from "@/components/campaigns/types";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

export function CampaignList() {
  const campaigns = useInfiniteQuery({
    queryKey: ["campaigns"],
    queryFn: ({ pageParam, signal }) => webApi<Page<CampaignJson>>(`/campaigns${queryString({ limit: 25, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const rows = campaigns.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="campaigns-heading" className={cardStyles}>
      <h2 id="campaigns-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Campaigns</h2>
      {campaigns.isPending ? (
        <LoadingState label="Loading campaigns…" />
      ) : campaigns.isError ? (
        <ErrorState message={`The campaigns could not be loaded. ${campaigns.error.message}`} onRetry={() => void campaigns.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No campaigns yet">A campaign runs one pack with its own prompt pins. One that pins a fork needs a reviewer’s approval first.</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((campaign) => (
            <li key={campaign.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="min-w-0 flex-1">
                <Link href={`/campaigns/${campaign.id}`} className="font-medium text-indigo-700 hover:underline">{campaign.name}</Link>
                <p className="text-xs text-slate-600">
                  Pack <span className="font-mono">{campaign.pack}</span> · {Object.keys(campaign.pins).length} pins, {campaign.forks.length} forks · created{" "}
                  <Time iso={campaign.created_at} mode="relative" />
                </p>
              </div>
              <CampaignStatus campaign={campaign} />
            </li>
          ))}
        </ul>
      )}
      {campaigns.hasNextPage ? (
        <div className="border-t border-slate-100 px-4 py-3">
          <button type="button" className={buttonStyles.secondary} onClick={() => void campaigns.fetchNextPage()} disabled={campaigns.isFetchingNextPage}>
            {campaigns.isFetchingNextPage ? "Loading…" : "Show more"}
          </button>
        </div>
      ) : null}
    </section>
  );
}
