"use client";

import { useVersionOutcomes } from "@/components/data/queries/evals";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";

// How a version did with this workspace's leads (GET …/outcomes): drafts, approvals and edits,
// rejection reasons, replies, cost per lead.

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
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
