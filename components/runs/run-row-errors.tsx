"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { queryString, webApi, type Page } from "@/components/data/web-api";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";

type RowError = { row: number; code: string; message: string; raw: string };

/** The CSV rows a run could not import: row number (the header is row 1), code, message, the row's text; 50 a page. */
export function RunRowErrors({ runId, count }: { runId: string; count: number }) {
  const errors = useInfiniteQuery({
    queryKey: queryKeys.runs.errors(runId, count),
    queryFn: ({ pageParam, signal }) => webApi<Page<RowError>>(`/runs/${runId}/errors${queryString({ limit: 50, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    enabled: count > 0,
  });
  if (count === 0) return null;
  const rows = errors.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="row-errors-heading" className={cardStyles}>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="row-errors-heading" className="text-base font-semibold text-slate-900">Invalid rows ({count.toLocaleString()})</h2>
        <p className="text-xs text-slate-500">Rows of the CSV that were not imported. Row numbers are as a spreadsheet shows them: the header is row 1.</p>
      </div>
      {errors.isPending ? (
        <LoadingState label="Loading the invalid rows…" />
      ) : errors.isError ? (
        <ErrorState message={`The invalid rows could not be loaded. ${errors.error.message}`} onRetry={() => void errors.refetch()} />
      ) : (
        <>
          <ul className="divide-y divide-slate-100" aria-label="Invalid rows">
            {rows.map((row) => (
              <li key={row.row} className="grid gap-1 px-4 py-2.5 text-sm sm:grid-cols-[5rem_10rem_minmax(0,1fr)]">
                <span className="font-medium tabular-nums text-slate-900">Row {row.row}</span>
                <span className="font-mono text-xs text-rose-700">{row.code}</span>
                <span className="min-w-0">
                  <span className="block text-slate-700">{row.message}</span>
                  <code className="mt-0.5 block truncate rounded bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-600" title={row.raw}>{row.raw || "(empty)"}</code>
                </span>
              </li>
            ))}
          </ul>
          {errors.hasNextPage ? (
            <div className="border-t border-slate-200 px-4 py-3">
              <button type="button" className={buttonStyles.secondary} onClick={() => void errors.fetchNextPage()} disabled={errors.isFetchingNextPage}>
                {errors.isFetchingNextPage ? "Loading…" : `Show more (${rows.length.toLocaleString()} of ${count.toLocaleString()} shown)`}
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
