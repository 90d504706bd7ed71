"use client";

import { useDeliveries } from "@/components/data/queries/webhooks";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { Time } from "@/components/ui/time";
import type { Delivery } from "@/components/webhooks/types";
import { DELIVERY_STATUS } from "@/lib/statuses";

const STATUS_STYLES: Record<Delivery["status"], string> = {
  succeeded: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  dead: "bg-rose-50 text-rose-800 ring-rose-200",
};
const STATUS_LABELS: Record<Delivery["status"], string> = { succeeded: "Delivered", pending: "Retrying", dead: "Dead-lettered" };

/** An endpoint's deliveries, newest first, each with every attempt; refreshed every 2 s while open. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { query: deliveries, rows } = useDeliveries(endpointId);
  return (
    <QueryState
      query={deliveries}
      loading="Loading deliveries…"
      failed="The delivery log could not be loaded."
      isEmpty={rows.length === 0}
      empty={<EmptyState title="No deliveries yet">Send a test event to see one here.</EmptyState>}
    >
      <div>
        <ol className="divide-y divide-slate-100" aria-label="Deliveries">
          {rows.map((delivery) => (
            <li key={delivery.id} className="px-4 py-3" data-testid={`delivery-${delivery.event.id}`}>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLES[delivery.status]}`}>
                  {STATUS_LABELS[delivery.status]}
                </span>
                <span className="font-mono text-xs text-slate-800">{delivery.event.event}</span>
                <span className="break-all font-mono text-xs text-slate-500">{delivery.event.id}</span>
                <span className="text-xs text-slate-500">
                  <Time iso={delivery.created_at} mode="relative" />
                </span>
                {delivery.status === DELIVERY_STATUS.pending && delivery.next_attempt_at ? (
                  <span className="text-xs text-amber-800">
                    next attempt <Time iso={delivery.next_attempt_at} mode="relative" />
                  </span>
                ) : null}
              </div>
              {delivery.attempts.length ? (
                <table className="mt-2 w-full text-left text-xs">
                  <caption className="sr-only">Attempts of {delivery.event.id}</caption>
                  <thead className="text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        #
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        When
                      </th>
                      <th scope="col" className="py-1 pr-3 font-medium">
                        Result
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        Time
                      </th>
                    </tr>
                  </thead>
                  <tbody className="text-slate-700">
                    {delivery.attempts.map((attempt) => (
                      <tr key={attempt.attempt}>
                        <td className="py-1 pr-3">{attempt.attempt}</td>
                        <td className="py-1 pr-3">
                          <Time iso={attempt.started_at} />
                        </td>
                        <td className="break-all py-1 pr-3">{attempt.error ?? `HTTP ${attempt.status_code}`}</td>
                        <td className="py-1">{attempt.duration_ms} ms</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="mt-1 text-xs text-slate-500">Not attempted yet.</p>
              )}
            </li>
          ))}
        </ol>
        <ShowMore query={deliveries} label="Show older deliveries" />
      </div>
    </QueryState>
  );
}
