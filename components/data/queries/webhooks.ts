"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { usePagedList } from "@/components/data/use-paged-list";
import { webApi, type Page } from "@/components/data/web-api";
import type { DeadLetter } from "@/components/dead-letters/types";
import type { Delivery, Endpoint } from "@/components/webhooks/types";

export function useWebhookEndpoints() {
  return usePagedList<Endpoint>({ queryKey: queryKeys.webhooks.endpoints(), path: "/webhook-endpoints", limit: 25 });
}

/** Up to 100 endpoints, for a filter's options. */
export function useEndpointOptions() {
  return useQuery({ queryKey: queryKeys.webhooks.endpointOptions(), queryFn: ({ signal }) => webApi<Page<Endpoint>>("/webhook-endpoints?limit=100", { signal }) });
}

/** One endpoint's delivery log, refreshed every 2 s. */
export function useDeliveries(endpointId: string) {
  return usePagedList<Delivery>({ queryKey: queryKeys.webhooks.deliveries(endpointId), path: `/webhook-endpoints/${endpointId}/deliveries`, limit: 20, pollWhile: () => 2000 });
}

export function useDeadLetters(filters: { endpoint_id?: string; since?: string }) {
  const list = usePagedList<DeadLetter>({ queryKey: queryKeys.webhooks.deadLetters(filters), path: "/dead-letters", params: filters, limit: 50 });
  /** The retry window the service is configured with, in seconds (answered with the list). */
  const retryWindowSeconds = (list.query.data?.pages[0] as { retry_window_seconds?: number } | undefined)?.retry_window_seconds;
  return { ...list, retryWindowSeconds };
}
