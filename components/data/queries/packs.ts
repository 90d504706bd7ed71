"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import { webApi, type Page } from "@/components/data/web-api";
import type { PromptSetState } from "@/lib/packs/approve-pack";
import type { PackJson } from "@/lib/packs/present-pack";

export function usePackList() {
  return usePagedList<PackJson>({ queryKey: queryKeys.packs.list(), path: "/packs", limit: 25 });
}

/** Up to 100 packs, for a select's options. */
export function usePackOptions() {
  return useQuery({ queryKey: queryKeys.packs.options(), queryFn: ({ signal }) => webApi<Page<PackJson>>("/packs?limit=100", { signal }) });
}

export function usePack(slug: string) {
  return useQuery({ queryKey: queryKeys.packs.detail(slug), queryFn: ({ signal }) => webApi<PackJson & { prompt_set: PromptSetState }>(`/packs/${slug}`, { signal }) });
}
