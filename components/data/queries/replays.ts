"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi, type Page } from "@/components/data/web-api";
import type { ReplayJson, ReplaySummary } from "@/components/evals/types";
import { isUnsettledJobRow } from "@/lib/states/job-row";

/** The newest behaviour diff of a version with its per-lead results (null when it has none); polls while it runs. */
export function useLatestReplay(name: string, version: string) {
  return useQuery({
    queryKey: queryKeys.evals.latestReplay(name, version),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ prompt: name, version, limit: "1" });
      const page = await webApi<Page<ReplaySummary>>(`/replays?${params}`, { signal });
      return page.data[0] ? webApi<ReplayJson>(`/replays/${page.data[0].id}`, { signal }) : null;
    },
    refetchInterval: (query) => (isUnsettledJobRow(query.state.data?.status) ? 700 : false),
  });
}

export function startReplay(body: { prompt: string; version: string; run_id: string; leads: number }) {
  return webApi<ReplaySummary>("/replays", { method: "POST", body });
}
