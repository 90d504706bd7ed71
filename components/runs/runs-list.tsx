"use client";

import Link from "next/link";
import { useState } from "react";
import { useRunsList } from "@/components/data/queries/runs";
import type { RunJson } from "@/components/runs/types";
import { FilterSelect, stateOptions } from "@/components/ui/filter-select";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { StatusBadge } from "@/components/ui/status-badge";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import { RUN_STATUS_LABELS, RUN_STATUSES } from "@/lib/states/run";

const COUNTS: [Exclude<keyof RunJson["counts"], "steps">, string][] = [
  ["imported", "Imported"],
  ["qualified", "Qualified"],
  ["drafted", "Drafted"],
  ["approved", "Approved"],
  ["sent", "Sent"],
];

export function RunsList() {
  const [status, setStatus] = useState("");
  const { query: runs, rows } = useRunsList(status);

  return (
    <section aria-labelledby="runs-heading" className={cardStyles}>
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 id="runs-heading" className="text-base font-semibold text-slate-900">
          Runs
        </h2>
        <FilterSelect
          label="Status"
          all="All statuses"
          className="w-full sm:w-56"
          value={status}
          onChange={setStatus}
          options={stateOptions(RUN_STATUSES, RUN_STATUS_LABELS)}
        />
      </div>
      <QueryState
        query={runs}
        loading="Loading runs…"
        failed="The runs could not be loaded."
        isEmpty={rows.length === 0}
        empty={
          <EmptyState title={status ? "No runs with this status" : "No runs yet"}>
            {status ? (
              "Pick another status."
            ) : (
              <>
                Start one with <code className="font-mono">POST /v1/runs</code>: a pack and a CSV of leads.
              </>
            )}
          </EmptyState>
        }
      >
        <table className="hidden w-full text-left text-sm md:table">
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2.5">
                Run
              </th>
              <th scope="col" className="px-3 py-2.5">
                Status
              </th>
              {COUNTS.map(([key, label]) => (
                <th key={key} scope="col" className="px-3 py-2.5 text-right">
                  {label}
                </th>
              ))}
              <th scope="col" className="px-3 py-2.5">
                Created
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((run) => (
              <tr key={run.id} data-testid={`run-${run.id}`}>
                <td className="px-4 py-3">
                  <Link href={`/runs/${run.id}`} className="font-medium text-indigo-700 hover:underline">
                    {run.name}
                  </Link>
                  <span className="block text-xs text-slate-500">
                    {run.pack} · <span className="font-mono">{run.id}</span>
                  </span>
                </td>
                <td className="px-3 py-3">
                  <StatusBadge state={run.status} />
                </td>
                {COUNTS.map(([key]) => (
                  <td key={key} className="px-3 py-3 text-right tabular-nums">
                    {run.counts[key].toLocaleString()}
                  </td>
                ))}
                <td className="px-3 py-3 text-slate-700">
                  <Time iso={run.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul className="divide-y divide-slate-100 md:hidden">
          {rows.map((run) => (
            <li key={run.id} className="space-y-1 px-4 py-3 text-sm">
              <div className="flex items-center justify-between gap-2">
                <Link href={`/runs/${run.id}`} className="min-w-0 break-words font-medium text-indigo-700 hover:underline">
                  {run.name}
                </Link>
                <StatusBadge state={run.status} />
              </div>
              <p className="break-all text-xs text-slate-500">
                {run.pack} · <span className="font-mono">{run.id}</span>
              </p>
              <p className="text-slate-700">{COUNTS.map(([key, label]) => `${run.counts[key]} ${label.toLowerCase()}`).join(" · ")}</p>
              <p className="text-xs text-slate-500">
                Created <Time iso={run.created_at} />
              </p>
            </li>
          ))}
        </ul>
      </QueryState>
      <ShowMore query={runs} />
    </section>
  );
}
