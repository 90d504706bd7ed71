import type { EventDoc } from "@/lib/api/reference";
import { FieldTable } from "@/components/docs/operation-card";

export function EventCard({ event }: { event: EventDoc }) {
  return (
    <section id={`event-${event.kind}`} className="scroll-mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`event-${event.kind}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <code id={`event-${event.kind}-title`} className="font-mono text-sm font-semibold text-slate-900">{event.kind}</code>
        {event.subscribable ? null : <span className="ml-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">not subscribable</span>}
      </div>
      <p className="mt-1 text-sm text-slate-600">{event.description}</p>
      <FieldTable title="data" fields={event.data} />
    </section>
  );
}
