"use client";

import { useRunRowErrors } from "@/components/data/queries/runs";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";

/** The CSV rows a run could not import: row number (the header is row 1), code, message, the row's text; 50 a page. */
export function RunRowErrors({ runId, count }: { runId: string; count: number }) {
  const { query: errors, rows } = useRunRowErrors(runId, count);
  if (count === 0) return null;
  return (
    <section aria-labelledby="row-errors-heading" className={cardStyles}>
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="row-errors-heading" className="text-base font-semibold text-slate-900">
          Invalid rows ({count.toLocaleString()})
        </h2>
        <p className="text-xs text-slate-500">Rows of the CSV that were not imported. Row numbers are as a spreadsheet shows them: the header is row 1.</p>
      </div>
      <QueryState query={errors} loading="Loading the invalid rows…" failed="The invalid rows could not be loaded.">
        <ul className="divide-y divide-slate-100" aria-label="Invalid rows">
          {rows.map((row) => (
            <li key={row.row} className="grid gap-1 px-4 py-2.5 text-sm sm:grid-cols-[5rem_10rem_minmax(0,1fr)]">
              <span className="font-medium tabular-nums text-slate-900">Row {row.row}</span>
              <span className="font-mono text-xs text-rose-700">{row.code}</span>
              <span className="min-w-0">
                <span className="block text-slate-700">{row.message}</span>
                <code className="mt-0.5 block truncate rounded bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-600" title={row.raw}>
                  {row.raw || "(empty)"}
                </code>
              </span>
            </li>
          ))}
        </ul>
        <ShowMore query={errors} border="border-slate-200" label={`Show more (${rows.length.toLocaleString()} of ${count.toLocaleString()} shown)`} />
      </QueryState>
    </section>
  );
}
