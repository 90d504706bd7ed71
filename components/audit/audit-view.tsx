"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { queryString, webApi, type Page } from "@/components/data/web-api";
import { AuditEntry } from "@/components/audit/audit-entry";
import { AuditFilters, NO_FILTERS, type AuditFilterValues } from "@/components/audit/audit-filters";
import type { AuditEntryJson } from "@/components/audit/types";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import type { AuditFacets } from "@/lib/audit/audit-facets";

const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function AuditView() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const facets = useQuery({ queryKey: ["audit-facets"], queryFn: ({ signal }) => webApi<AuditFacets>("/audit/facets", { signal }) });
  const entries = useInfiniteQuery({
    queryKey: ["audit", filters],
    queryFn: ({ pageParam, signal }) =>
      webApi<Page<AuditEntryJson>>(
        `/audit${queryString({ limit: 25, cursor: pageParam, action: filters.action, actor_id: filters.actorId, since: iso(filters.since), until: iso(filters.until) })}`,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const rows = entries.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section aria-labelledby="audit-heading" className={cardStyles}>
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
        <h2 id="audit-heading" className="text-base font-semibold text-slate-900">Entries</h2>
        {entries.isFetching && !entries.isPending ? <span className="text-xs text-slate-500" role="status">Refreshing…</span> : null}
      </div>
      <AuditFilters facets={facets.data} applied={filters} onApply={setFilters} />
      {entries.isPending ? (
        <LoadingState label="Loading the audit log…" />
      ) : entries.isError ? (
        <ErrorState message={`The audit log could not be loaded. ${entries.error.message}`} onRetry={() => void entries.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={filtered ? "No entries match these filters" : "No entries yet"}>{filtered ? "Clear the filters or widen the time window." : "Changes made in this workspace are recorded here."}</EmptyState>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Audit entries, newest first">
          {rows.map((entry) => <AuditEntry key={entry.id} entry={entry} />)}
        </ol>
      )}
      {entries.hasNextPage ? (
        <div className="border-t border-slate-100 px-4 py-3">
          <button type="button" className={buttonStyles.secondary} onClick={() => void entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
            {entries.isFetchingNextPage ? "Loading…" : "Show more"}
          </button>
        </div>
      ) : null}
    </section>
  );
}
