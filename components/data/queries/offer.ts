"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import type { Offer } from "@/components/offer/types";

export const offerQueries = {
  /** The workspace's offer and sender profile (the form, and the placeholders of a pack's or campaign's override). */
  detail: () => endpoint<Offer>(queryKeys.offer.detail(), "/offer"),
};

export function useOffer() {
  return useQuery(offerQueries.detail());
}
