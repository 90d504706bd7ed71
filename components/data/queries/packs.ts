"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { Page } from "@/components/data/web-api";
import type { PackSetForUser } from "@/lib/packs/approve-pack";
import type { PackJson } from "@/lib/packs/present-pack";

export const packQueries = {
  /** Up to 100 packs, for a select's options. */
  options: () => endpoint<Page<PackJson>>(queryKeys.packs.options(), "/packs?limit=100"),
  detail: (slug: string) => endpoint<PackJson & { prompt_set: PackSetForUser }>(queryKeys.packs.detail(slug), `/packs/${slug}`),
};

export function usePackList() {
  return usePagedList<PackJson>({ queryKey: queryKeys.packs.list(), path: "/packs", limit: 25 });
}

export function usePackOptions() {
  return useQuery(packQueries.options());
}

export function usePack(slug: string) {
  return useQuery(packQueries.detail(slug));
}
