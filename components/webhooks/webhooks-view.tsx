"use client";

import { useState } from "react";
import { useWebhookEndpoints } from "@/components/data/queries/webhooks";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import { CreateEndpointForm } from "@/components/webhooks/create-endpoint-form";
import { EndpointCard } from "@/components/webhooks/endpoint-card";

export function WebhooksView() {
  const [created, setCreated] = useState<{ id: string; secret: string } | null>(null);
  const { query: endpoints, rows } = useWebhookEndpoints();

  return (
    <div className="space-y-6">
      <CreateEndpointForm onCreated={(endpoint) => setCreated({ id: endpoint.id, secret: endpoint.secret })} />
      <section aria-labelledby="endpoints-heading" className="space-y-4">
        <h2 id="endpoints-heading" className="text-base font-semibold text-slate-900">
          Endpoints
        </h2>
        <QueryState
          query={endpoints}
          loading="Loading endpoints…"
          failed="The endpoints could not be loaded."
          isEmpty={rows.length === 0}
          frame={cardStyles}
          empty={<EmptyState title="No endpoints yet">Add one above to receive LeadPipe’s events in your own systems.</EmptyState>}
        >
          {rows.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} initialSecret={created?.id === endpoint.id ? created.secret : undefined} />
          ))}
        </QueryState>
        <ShowMore query={endpoints} label="Show more endpoints" />
      </section>
    </div>
  );
}
