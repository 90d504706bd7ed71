"use client";

import Link from "next/link";
import { usePromptOutcomes, type PromptOutcomeRow as Row } from "@/components/data/queries/evals";
import { versionHref } from "@/components/prompts/prompt-text";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";

// Every version of a prompt side by side with this workspace's leads (GET …/outcomes): drafts,
// approval rate, edits, replies and cost per lead, so a team sees which version earns its keep.

const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 1000) / 10} %`);

const COLUMNS: [string, (row: Row) => string][] = [
  ["Drafts", (row) => row.drafts.toLocaleString()],
  ["Approval rate", (row) => percent(row.approval_rate)],
  [
    "Approved with edits",
    (row) =>
      row.mean_edit_distance === null
        ? row.approved_with_edits.toLocaleString()
        : `${row.approved_with_edits.toLocaleString()} (±${row.mean_edit_distance} chars)`,
  ],
  ["Reply rate", (row) => (row.sent ? `${percent(row.reply_rate)} of ${row.sent.toLocaleString()}` : "—")],
  ["Positive replies", (row) => percent(row.positive_reply_rate)],
  ["Cost per lead", (row) => (row.cost_per_lead_usd === null ? "—" : `$${row.cost_per_lead_usd.toFixed(5)}`)],
];

export function PromptOutcomesPanel({ name }: { name: string }) {
  const outcomes = usePromptOutcomes(name);
  const rows = outcomes.data?.data ?? [];
  const used = rows.filter((row) => row.drafts > 0 || row.leads > 0);
  return (
    <section aria-labelledby="prompt-outcomes-heading" className={`${cardStyles} p-5`}>
      <h2 id="prompt-outcomes-heading" className="text-base font-semibold text-slate-900">
        How its versions did in this workspace
      </h2>
      <QueryState query={outcomes} loading="Loading outcomes…" failed="The outcomes could not be loaded.">
        {used.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">No version of {name} has run for this workspace’s leads yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm" data-testid="prompt-outcomes">
              <caption className="sr-only">Outcomes of each version of {name}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Version
                  </th>
                  {COLUMNS.map(([label]) => (
                    <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {used.map((row) => (
                  <tr key={row.version} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="px-3 py-2 text-left font-mono font-normal">
                      <Link className="text-indigo-700 hover:underline" href={versionHref(name, row.version)}>
                        {row.version}
                      </Link>
                    </th>
                    {COLUMNS.map(([label, value]) => (
                      <td key={label} className="px-3 py-2 text-right tabular-nums">
                        {value(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            {used.length < rows.length ? (
              <p className="mt-2 text-xs text-slate-500">
                {rows.length - used.length} version{rows.length - used.length === 1 ? "" : "s"} not yet run here.
              </p>
            ) : null}
          </div>
        )}
      </QueryState>
    </section>
  );
}
