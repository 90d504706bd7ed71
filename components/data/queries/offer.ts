"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import type { Offer } from "@/components/offer/types";

/** The workspace's offer and sender profile (the form, and the placeholders of a pack's or campaign's override). */
export function useOffer() {
  return useQuery({ queryKey: queryKeys.offer.detail(), queryFn: ({ signal }) => webApi<Offer>("/offer", { signal }) });
}
