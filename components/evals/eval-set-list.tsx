"use client";

import Link from "next/link";
import { useEvalSets } from "@/components/data/queries/evals";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";

export function EvalSetList() {
  const sets = useEvalSets();
  const rows = sets.data?.data ?? [];
  return (
    <section aria-labelledby="sets-heading" className={cardStyles}>
      <h2 id="sets-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Eval sets
      </h2>
      <QueryState query={sets} loading="Loading eval sets…" failed="The eval sets could not be loaded." isEmpty={rows.length === 0} empty="No eval sets yet.">
        <ul className="divide-y divide-slate-100">
          {rows.map((set) => (
            <li key={set.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
              <div className="min-w-0">
                <Link href={`/prompts/evals/${set.id}`} className="break-all font-mono text-sm font-medium text-indigo-700 hover:underline">
                  {set.ref}
                </Link>
                <p className="break-words text-sm text-slate-700">{set.name}</p>
                {set.description ? <p className="mt-0.5 break-words text-xs text-slate-500">{set.description}</p> : null}
              </div>
              <div className="flex shrink-0 items-center gap-2 text-xs">
                <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-700">{set.stage}</span>
                <span className="text-slate-600">{set.case_count} cases</span>
                <span className={`rounded-full px-2 py-0.5 font-medium ${set.built_in ? "bg-slate-100 text-slate-700" : "bg-amber-100 text-amber-900"}`}>
                  {set.built_in ? "Built-in" : "Yours"}
                </span>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
    </section>
  );
}
