"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import { webApi, type Page } from "@/components/data/web-api";
import type { CampaignJson, CampaignReview } from "@/components/campaigns/types";

export function useCampaignList() {
  return usePagedList<CampaignJson>({ queryKey: queryKeys.campaigns.list(), path: "/campaigns", limit: 25 });
}

/** Up to 100 campaigns, for a filter's options. */
export function useCampaignOptions() {
  return useQuery({ queryKey: queryKeys.campaigns.options(), queryFn: ({ signal }) => webApi<Page<CampaignJson>>("/campaigns?limit=100", { signal }) });
}

export function useCampaign(id: string) {
  return useQuery({ queryKey: queryKeys.campaigns.detail(id), queryFn: ({ signal }) => webApi<CampaignReview>(`/campaigns/${id}`, { signal }) });
}
