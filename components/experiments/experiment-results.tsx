"use client";

import Link from "next/link";
import { versionHref } from "@/components/prompts/prompt-text";
import { percent, type ExperimentJson, type VariantResult } from "@/components/experiments/types";

// An experiment's results, one row per variant (contract §12): the funnel counts, the metric's rate
// with its 95 % interval, and the probability of being best. The probability is shown only once
// every variant has its minimum of sends; before that the page says plainly that there is not
// enough data (the API never calls a winner early either).

// "Mean edit": characters reviewers changed in the approved edits (the prompt outcomes table's
// measure); "—" when nothing was edited, or on a later step (a follow-up's text as written is not kept).
const COUNT_COLUMNS: [string, (row: VariantResult) => number | null][] = [
  ["Leads", (row) => row.leads],
  ["Drafted", (row) => row.drafted],
  ["Approved", (row) => row.approved],
  ["Edited", (row) => row.edited],
  ["Mean edit", (row) => row.mean_edit_distance],
  ["Rejected", (row) => row.rejected],
  ["Sent", (row) => row.sent],
  ["Replies", (row) => row.replies],
  ["Positive", (row) => row.positive_replies],
];

export function ExperimentResultsTable({ experiment }: { experiment: ExperimentJson }) {
  const enough = experiment.summary.enough_data;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[52rem] text-sm" data-testid="experiment-results">
        <caption className="sr-only">Results per variant</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
            <th scope="col" className="sticky left-0 bg-white px-3 py-2 font-medium">
              Variant
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Weight
            </th>
            {COUNT_COLUMNS.map(([label]) => (
              <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                {label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Rate
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              95 % interval
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Chance best
            </th>
          </tr>
        </thead>
        <tbody>
          {experiment.results.map((row) => {
            const winner = experiment.winner && experiment.winner.name === row.version.name && experiment.winner.version === row.version.version;
            return (
              <tr key={`${row.version.name}:${row.version.version}`} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="sticky left-0 whitespace-nowrap bg-white px-3 py-2 text-left font-mono text-[13px] font-normal">
                  <Link className="text-indigo-700 hover:underline" href={versionHref(row.version.name, row.version.version)}>
                    {row.version.name} {row.version.version}
                  </Link>
                  {winner ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 font-sans text-xs text-emerald-800">winner</span> : null}
                </th>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{row.weight}</td>
                {COUNT_COLUMNS.map(([label, value]) => (
                  <td key={label} className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {value(row)?.toLocaleString() ?? <span className="text-slate-400">—</span>}
                  </td>
                ))}
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums">{percent(row.rate)}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-600">
                  {row.sent ? `${percent(row.interval_95[0])} – ${percent(row.interval_95[1])}` : "—"}
                </td>
                <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                  {enough ? percent(row.probability_best, 0) : <span className="text-slate-400">—</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
