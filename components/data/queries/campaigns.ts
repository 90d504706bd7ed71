"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { Page } from "@/components/data/web-api";
import type { CampaignJson, CampaignReview } from "@/components/campaigns/types";
import type { Forecast } from "@/lib/senders/forecast";

export const campaignQueries = {
  /** Up to 100 campaigns, for a filter's options. */
  options: () => endpoint<Page<CampaignJson>>(queryKeys.campaigns.options(), "/campaigns?limit=100"),
  detail: (id: string) => endpoint<CampaignReview>(queryKeys.campaigns.detail(id), `/campaigns/${id}`),
  forecast: (id: string) => endpoint<Forecast>(queryKeys.campaigns.forecast(id), `/campaigns/${id}/forecast`),
};

export function useCampaignList() {
  return usePagedList<CampaignJson>({ queryKey: queryKeys.campaigns.list(), path: "/campaigns", limit: 25 });
}

export function useCampaignOptions() {
  return useQuery(campaignQueries.options());
}

export function useCampaign(id: string) {
  return useQuery(campaignQueries.detail(id));
}

export function useCampaignForecast(id: string) {
  return useQuery({ ...campaignQueries.forecast(id), refetchInterval: 30_000 });
}
