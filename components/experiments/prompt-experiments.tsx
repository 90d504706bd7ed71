"use client";

import Link from "next/link";
import { usePromptExperiments } from "@/components/data/queries/experiments";
import { experimentHref, percent, stepTitle } from "@/components/experiments/types";
import { versionHref } from "@/components/prompts/prompt-text";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";
import { EXPERIMENT_STATUS } from "@/lib/states/experiment";

// Beside a prompt's evaluations and outcomes: how its versions did in the field in experiments
// (lib/experiments), one row per experiment and variant of this prompt. With `version`, that
// version's rows only (its version page).

export function PromptExperimentsPanel({ name, version }: { name: string; version?: string }) {
  const experiments = usePromptExperiments(name);
  const rows = (experiments.data?.data ?? []).flatMap((experiment) =>
    experiment.results
      .filter((row) => row.version.name === name && (version === undefined || row.version.version === version))
      .map((row) => ({ experiment, row })),
  );
  return (
    <section aria-labelledby="prompt-experiments-heading" className={`${cardStyles} p-5`}>
      <h2 id="prompt-experiments-heading" className="text-base font-semibold text-slate-900">
        {version ? "In experiments" : "Its versions in experiments"}
      </h2>
      <QueryState query={experiments} loading="Loading experiments…" failed="The experiments could not be loaded.">
        {rows.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">{version ? `${name} ${version} has not` : `No version of ${name} has`} been in an experiment yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full min-w-[36rem] text-sm" data-testid="prompt-experiments">
              <caption className="sr-only">Experiment results of {version ? `${name} ${version}` : `the versions of ${name}`}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Experiment
                  </th>
                  {version ? null : (
                    <th scope="col" className="px-3 py-2 font-medium">
                      Version
                    </th>
                  )}
                  {["Sent", "Rate", "95 % interval", "Chance best"].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2 text-right font-medium">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ experiment, row }) => (
                  <tr key={`${experiment.id}-${row.version.version}`} className="border-b border-slate-100 last:border-0">
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <Link href={experimentHref(experiment)} className="text-indigo-700 hover:underline">
                        {stepTitle(experiment.step)}, {experiment.variants.length} variants
                      </Link>
                      <span className="ml-2 text-xs text-slate-500">
                        {experiment.status === EXPERIMENT_STATUS.concluded
                          ? experiment.winner?.name === row.version.name && experiment.winner.version === row.version.version
                            ? "won"
                            : "concluded"
                          : "running"}
                      </span>
                    </th>
                    {version ? null : (
                      <td className="px-3 py-2 font-mono text-[13px]">
                        <Link href={versionHref(row.version.name, row.version.version)} className="text-indigo-700 hover:underline">
                          {row.version.version}
                        </Link>
                      </td>
                    )}
                    <td className="px-3 py-2 text-right tabular-nums">{row.sent.toLocaleString()}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{percent(row.rate)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-600">
                      {row.sent ? `${percent(row.interval_95[0])} – ${percent(row.interval_95[1])}` : "—"}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {experiment.summary.enough_data ? percent(row.probability_best, 0) : <span className="text-slate-500">not enough data</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
