"use client";

import { useQuery } from "@tanstack/react-query";
import { endpoint } from "@/components/data/endpoint";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import type { Page } from "@/components/data/web-api";
import type { DeadLetter } from "@/components/dead-letters/types";
import type { Delivery, Endpoint } from "@/components/webhooks/types";

export const webhookQueries = {
  /** Up to 100 endpoints, for a filter's options. */
  endpointOptions: () => endpoint<Page<Endpoint>>(queryKeys.webhooks.endpointOptions(), "/webhook-endpoints?limit=100"),
};

export function useWebhookEndpoints() {
  return usePagedList<Endpoint>({ queryKey: queryKeys.webhooks.endpoints(), path: "/webhook-endpoints", limit: 25 });
}

export function useEndpointOptions() {
  return useQuery(webhookQueries.endpointOptions());
}

/** One endpoint's delivery log, refreshed every 2 s. */
export function useDeliveries(endpointId: string) {
  return usePagedList<Delivery>({
    queryKey: queryKeys.webhooks.deliveries(endpointId),
    path: `/webhook-endpoints/${endpointId}/deliveries`,
    limit: 20,
    pollWhile: () => 2000,
  });
}

export function useDeadLetters(filters: { endpoint_id?: string; since?: string }) {
  const list = usePagedList<DeadLetter>({ queryKey: queryKeys.webhooks.deadLetters(filters), path: "/dead-letters", params: filters, limit: 50 });
  /** The retry window the service is configured with, in seconds (answered with the list). */
  const retryWindowSeconds = (list.query.data?.pages[0] as { retry_window_seconds?: number } | undefined)?.retry_window_seconds;
  return { ...list, retryWindowSeconds };
}
