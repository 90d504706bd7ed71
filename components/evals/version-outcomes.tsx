"use client";

import { useVersionOutcomes } from "@/components/data/queries/evals";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";
import { CHECK_WORDS } from "@/components/review/check-words";
import type { CheckCode } from "@/lib/review-checks/types";

// How a version did with this workspace's leads (GET …/outcomes): drafts, approvals and edits,
// rejection reasons, replies, cost per lead, and the share of its drafts that carry each check
// (contract §13) as a table: check, share of drafts.

const CHECKS = Object.keys(CHECK_WORDS) as CheckCode[];
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 1000) / 10} %`);

export function VersionOutcomesPanel({ name, version }: { name: string; version: string }) {
  const outcomes = useVersionOutcomes(name, version);
  const o = outcomes.data;
  const rows: [string, string][] = o
    ? [
        ["Drafts written", `${o.drafts} (${o.awaiting_review} awaiting review)`],
        ["Approval rate", `${percent(o.approval_rate)} (${o.approved} approved, ${o.rejected} rejected)`],
        ["Approved with edits", `${o.approved_with_edits}${o.mean_edit_distance === null ? "" : ` · ${o.mean_edit_distance} characters changed on average`}`],
        ["Reply rate", `${percent(o.reply_rate)} of ${o.sent} sent · positive ${percent(o.positive_reply_rate)}`],
        ["Cost per lead", o.cost_per_lead_usd === null ? "—" : `$${o.cost_per_lead_usd.toFixed(5)} over ${o.leads} leads`],
      ]
    : [];
  return (
    <section aria-labelledby="outcomes-heading" className={`${cardStyles} p-5`}>
      <h2 id="outcomes-heading" className="text-base font-semibold text-slate-900">
        Outcomes in this workspace
      </h2>
      <QueryState query={outcomes} loading="Loading outcomes…" failed="The outcomes could not be loaded.">
        {o ? (
          <>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="version-outcomes">
              {rows.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="break-words text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {o.rejection_reasons.length ? (
              <>
                <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">Most frequent rejection reasons</h3>
                <ul className="mt-1 space-y-1 text-sm text-slate-800">
                  {o.rejection_reasons.map((row) => (
                    <li key={row.reason} className="break-words">
                      {row.count} × {row.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <h3 id="check-shares-heading" className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">
              Checks on its drafts
            </h3>
            {o.drafts > 0 ? (
              <table aria-labelledby="check-shares-heading" className="mt-1 w-full max-w-md text-left text-sm" data-testid="version-check-shares">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600">
                    <th scope="col" className="py-1 pr-4 font-medium">
                      Check
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Share of drafts
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {CHECKS.map((code) => (
                    <tr key={code} className="border-b border-slate-100 last:border-0">
                      <th scope="row" className="py-1 pr-4 font-normal text-slate-800">
                        {CHECK_WORDS[code]}
                      </th>
                      <td className="py-1 text-right tabular-nums text-slate-900">{percent(o.checks[code])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="mt-1 text-sm text-slate-700">None yet: this version has written no drafts here.</p>
            )}
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
