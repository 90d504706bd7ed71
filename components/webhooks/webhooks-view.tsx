"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queryString, webApi, type Page } from "@/components/data/web-api";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import { CreateEndpointForm } from "@/components/webhooks/create-endpoint-form";
import { EndpointCard } from "@/components/webhooks/endpoint-card";
import type { Endpoint } from "@/components/webhooks/types";

export function WebhooksView() {
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const endpoints = useInfiniteQuery({
    queryKey: ["webhook-endpoints"],
    queryFn: ({ pageParam, signal }) => webApi<Page<Endpoint>>(`/webhook-endpoints${queryString({ limit: 25, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const rows = endpoints.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="space-y-6">
      <CreateEndpointForm onCreated={(endpoint) => setCreated({ id: endpoint.id, secret: endpoint.secret })} />
      <section aria-labelledby="endpoints-heading" className="space-y-4">
        <h2 id="endpoints-heading" className="text-base font-semibold text-slate-900">Endpoints</h2>
        {endpoints.isPending ? (
          <div className={cardStyles}><LoadingState label="Loading endpoints…" /></div>
        ) : endpoints.isError ? (
          <div className={cardStyles}><ErrorState message={`The endpoints could not be loaded. ${endpoints.error.message}`} onRetry={() => void endpoints.refetch()} /></div>
        ) : rows.length === 0 ? (
          <div className={cardStyles}><EmptyState title="No endpoints yet">Add one above to receive LeadPipe’s events in your own systems.</EmptyState></div>
        ) : (
          rows.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} initialSecret={created?.id === endpoint.id ? created.secret : undefined} />)
        )}
        {endpoints.hasNextPage ? (
          <button type="button" className={buttonStyles.secondary} onClick={() => void endpoints.fetchNextPage()} disabled={endpoints.isFetchingNextPage}>
            {endpoints.isFetchingNextPage ? "Loading…" : "Show more endpoints"}
          </button>
        ) : null}
      </section>
    </div>
  );
}
