"use client";

import { useState } from "react";
import { useAuditEntries, useAuditFacets } from "@/components/data/queries/audit";
import { AuditEntry } from "@/components/audit/audit-entry";
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from "@/components/audit/audit-filters";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";

const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function AuditView() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const facets = useAuditFacets();
  const { query: entries, rows } = useAuditEntries({ action: filters.action, actor_id: filters.actorId, since: iso(filters.since), until: iso(filters.until) });
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section aria-labelledby="audit-heading" className={cardStyles}>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="audit-heading" className="text-base font-semibold text-slate-900">
          Entries
        </h2>
        {entries.isFetching && !entries.isPending ? (
          <span className="text-xs text-slate-500" role="status">
            Refreshing…
          </span>
        ) : null}
      </div>
      <AuditFilters facets={facets.data} applied={filters} onApply={setFilters} />
      <QueryState
        query={entries}
        loading="Loading the audit log…"
        failed="The audit log could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title={filtered ? "No entries match these filters" : "No entries yet"}>
            {filtered ? "Clear the filters or widen the time window." : "Changes made in this workspace are recorded here."}
          </EmptyState>
        }
      >
        <ol className="divide-y divide-slate-100" aria-label="Audit entries, newest first">
          {rows.map((entry) => (
            <AuditEntry key={entry.id} entry={entry} />
          ))}
        </ol>
      </QueryState>
      <ShowMore query={entries} />
    </section>
  );
}
