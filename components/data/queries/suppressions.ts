"use client";

import type { z } from "zod";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { SuppressionSchema } from "@/lib/suppressions/suppression-list";

export type Suppression = z.infer<typeof SuppressionSchema>;

/** The suppression list, 50 a page; `search` finds one address. */
export function useSuppressions(search: string) {
  return usePagedList<Suppression>({ queryKey: queryKeys.suppressions.list(search), path: "/suppressions", params: { email: search }, limit: 50 });
}
