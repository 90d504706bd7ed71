"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { queryString, webApi, type Page } from "@/components/data/web-api";
import { ACTIVE_STATUSES, RUN_STATUS_OPTIONS, type RunJson } from "@/components/runs/types";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { stateLabel, StatusBadge } from "@/components/ui/status-badge";
import { buttonStyles, cardStyles, fieldStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

const COUNTS: [keyof RunJson["counts"], string][] = [["imported", "Imported"], ["qualified", "Qualified"], ["drafted", "Drafted"], ["approved", "Approved"], ["sent", "Sent"]];

export function RunsList() {
  const [status, setStatus] = useState("");
  const statusId = useId();
  const runs = useInfiniteQuery({
    queryKey: ["runs", "list", status],
    queryFn: ({ pageParam, signal }) => webApi<Page<RunJson>>(`/runs${queryString({ limit: 25, status, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // While a run shown is still moving, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.data.some((run) => ACTIVE_STATUSES.includes(run.status))) ? 3000 : false),
  });
  const rows = runs.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <section aria-labelledby="runs-heading" className={cardStyles}>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="runs-heading" className="text-base font-semibold text-slate-900">Runs</h2>
        <div className="w-full sm:w-56">
          <label htmlFor={statusId} className={fieldStyles.label}>Status</label>
          <select id={statusId} value={status} onChange={(event) => setStatus(event.target.value)} className={fieldStyles.input}>
            <option value="">All statuses</option>
            {RUN_STATUS_OPTIONS.map((option) => <option key={option} value={option}>{stateLabel(option)}</option>)}
          </select>
        </div>
      </div>
      {runs.isPending ? (
        <LoadingState label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorState message={`The runs could not be loaded. ${runs.error.message}`} onRetry={() => void runs.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={status ? "No runs with this status" : "No runs yet"}>
          {status ? "Pick another status." : <>Start one with <code className="font-mono">POST /v1/runs</code>: a pack and a CSV of leads.</>}
        </EmptyState>
      ) : (
        <>
          <table className="hidden w-full text-left text-sm md:table">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-2.5">Run</th>
                <th scope="col" className="px-3 py-2.5">Status</th>
                {COUNTS.map(([key, label]) => <th key={key} scope="col" className="px-3 py-2.5 text-right">{label}</th>)}
                <th scope="col" className="px-3 py-2.5">Created</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((run) => (
                <tr key={run.id} data-testid={`run-${run.id}`}>
                  <td className="px-4 py-3">
                    <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">{run.pack}</Link>
                    <span className="block font-mono text-xs text-slate-500">{run.id}</span>
                  </td>
                  <td className="px-3 py-3"><StatusBadge state={run.status} /></td>
                  {COUNTS.map(([key]) => <td key={key} className="px-3 py-3 text-right tabular-nums">{run.counts[key].toLocaleString()}</td>)}
                  <td className="px-3 py-3 text-slate-700"><Time iso={run.created_at} /></td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="divide-y divide-slate-100 md:hidden">
            {rows.map((run) => (
              <li key={run.id} className="space-y-1 px-4 py-3 text-sm">
                <div className="flex items-center justify-between gap-2">
                  <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">{run.pack}</Link>
                  <StatusBadge state={run.status} />
                </div>
                <p className="break-all font-mono text-xs text-slate-500">{run.id}</p>
                <p className="text-slate-700">{COUNTS.map(([key, label]) => `${run.counts[key]} ${label.toLowerCase()}`).join(" · ")}</p>
                <p className="text-xs text-slate-500">Created <Time iso={run.created_at} /></p>
              </li>
            ))}
          </ul>
        </>
      )}
      {runs.hasNextPage ? (
        <div className="border-t border-slate-100 px-4 py-3">
          <button type="button" className={buttonStyles.secondary} onClick={() => void runs.fetchNextPage()} disabled={runs.isFetchingNextPage}>
            {runs.isFetchingNextPage ? "Loading…" : "Show more"}
          </button>
        </div>
      ) : null}
    </section>
  );
}
