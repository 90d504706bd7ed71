"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/components/data/query-keys";
import { webApi } from "@/components/data/web-api";
import { mappedHeader, type CsvPreview, type Mapping } from "@/components/runs/csv-preview";
import type { Forecast } from "@/lib/packs/predict-qualify";

/**
 * After the CSV preview: how many of the file's first rows the pack's own qualify stage (on the
 * built-in engine, server-side, writing nothing) would let through, and the commonest reasons for
 * the rest. Asked again whenever the pack or the column mapping changes.
 */
export function QualifyForecast({ pack, preview, mapping }: { pack: string; preview: CsvPreview; mapping: Mapping[] }) {
  const header = mappedHeader(preview, mapping);
  const rows = preview.sample;
  const forecast = useQuery({
    queryKey: queryKeys.packs.forecast(pack, header, rows),
    queryFn: ({ signal }) => webApi<Forecast>(`/packs/${pack}/predict`, { method: "POST", body: { header, rows }, signal }),
    enabled: rows.length > 0 && mapping.includes("email"),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  });
  if (rows.length === 0 || !mapping.includes("email")) return null;
  const data = forecast.data;
  return (
    <section aria-labelledby="forecast-heading" aria-busy={forecast.isFetching} className="rounded-md border border-slate-200 bg-slate-50 p-4">
      <h3 id="forecast-heading" className="text-sm font-semibold text-slate-900">
        Who would qualify
      </h3>
      <div aria-live="polite">
        {forecast.isError ? (
          <p role="alert" className="mt-1 text-sm text-rose-700">
            The forecast could not be made: {forecast.error.message}
          </p>
        ) : !data ? (
          <p className="mt-1 text-sm text-slate-600">Scoring the first rows against {pack}…</p>
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-800">
              <strong>
                {data.qualified} of the first {data.rows} rows
              </strong>{" "}
              would qualify under <span className="font-mono">{data.pack}</span>
              {forecast.isFetching ? " (updating…)" : "."}
            </p>
            {data.unreadable ? (
              <p className="mt-1 text-xs text-slate-600">
                {data.unreadable} {data.unreadable === 1 ? "row has" : "rows have"} no valid email: the import skips {data.unreadable === 1 ? "it" : "them"}.
              </p>
            ) : null}
            {data.reasons.length ? (
              <>
                <h4 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-500">Top reasons for rejection</h4>
                <ul className="mt-1 space-y-1 text-sm text-slate-700" aria-label="Top reasons for rejection">
                  {data.reasons.map((reason) => (
                    <li key={reason.kind}>
                      <span className="font-medium text-slate-900">{reason.kind}</span>: {reason.count} {reason.count === 1 ? "row" : "rows"}
                      <span className="block break-words text-xs text-slate-500">e.g. {reason.examples.join(" · ")}</span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <details className="mt-3">
              <summary className="cursor-pointer text-xs font-medium text-slate-700">Each row</summary>
              <ol className="mt-2 space-y-0.5 text-xs text-slate-700">
                {data.leads.map((lead) => (
                  <li key={lead.row} className="break-words">
                    Row {lead.row}
                    {lead.email ? ` · ${lead.email}` : ""} ·{" "}
                    {lead.qualified ? `qualifies (score ${lead.score})` : `rejected${lead.score === null ? "" : ` (score ${lead.score})`}: ${lead.reason}`}
                  </li>
                ))}
              </ol>
            </details>
            <p className="mt-2 text-xs text-slate-500">
              Scored by the pack&apos;s extract_signals and qualify prompts on the built-in engine; nothing is saved until you start the run.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
