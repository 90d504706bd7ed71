"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { queryKeys } from "@/components/data/query-keys";
import { evaluateAndWait, useComparison } from "@/components/data/queries/evals";
import { TextDiff } from "@/components/diff/text-diff";
import type { EvalComparison, EvaluationSummary } from "@/components/evals/types";
import { versionHref } from "@/components/prompts/prompt-text";
import { QueryState } from "@/components/ui/query-state";
import { buttonStyles, cardStyles } from "@/components/ui/styles";

// A version against its parent on its eval set (lib/evals/compare.ts): the two newest evaluations
// side by side, a regression warning, and every case whose outcome changed with both outputs
// diffed. A reviewer can (re)run both on the local engine from here.

const percent = (value: number | null | undefined) => (value === null || value === undefined ? "—" : `${Math.round(value * 1000) / 10} %`);
const usd = (value: number) => (value === 0 ? "$0" : `$${value.toFixed(value < 0.01 ? 5 : 3)}`);

function Cell({ evaluation, metric }: { evaluation: EvaluationSummary | null; metric: (e: EvaluationSummary) => string }) {
  return (
    <td className="break-words px-3 py-2 text-right tabular-nums">{evaluation ? metric(evaluation) : <span className="text-slate-500">not evaluated</span>}</td>
  );
}

const METRICS: [string, (e: EvaluationSummary) => string][] = [
  ["Pass rate", (e) => `${percent(e.pass_rate)} (${e.passed}/${e.case_count})`],
  ["Output validity", (e) => `${percent(e.validity)} (${e.valid}/${e.case_count})`],
  ["Wall time", (e) => `${e.latency_ms} ms`],
  ["Cost", (e) => usd(e.cost_usd)],
  ["Provider", (e) => `${e.provider}/${e.model}`],
];

function Outcome({ side }: { side: { passed: boolean; valid: boolean } }) {
  if (!side.valid) return <span className="rounded bg-rose-100 px-1.5 py-0.5 text-xs font-medium text-rose-900">invalid output</span>;
  return side.passed ? (
    <span className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900">pass</span>
  ) : (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">fail</span>
  );
}

const SHOWN = 10;

function ComparisonBody({ data }: { data: EvalComparison }) {
  const [all, setAll] = useState(false);
  const parentLabel = data.parent ? `${data.parent.name} ${data.parent.version}` : "Parent";
  const forkLabel = `${data.version.name} ${data.version.version}`;
  return (
    <>
      {data.regression ? (
        <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="eval-regression">
          Regression: {forkLabel} passes fewer cases than {parentLabel}. Approving a prompt set with it needs a written override reason.
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full table-fixed text-sm" data-testid="eval-table">
          <caption className="sr-only">
            Evaluation of {forkLabel} against {parentLabel}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500">
              <th scope="col" className="w-[34%] break-all px-3 py-2 font-medium">
                On {data.set?.ref}
              </th>
              <th scope="col" className="break-all px-3 py-2 text-right font-medium">
                {data.parent ? (
                  <Link className="font-mono text-indigo-700 hover:underline" href={versionHref(data.parent.name, data.parent.version)}>
                    {parentLabel}
                  </Link>
                ) : (
                  "Parent"
                )}
              </th>
              <th scope="col" className="break-all px-3 py-2 text-right font-medium">
                <span className="font-mono">{forkLabel}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {METRICS.map(([label, metric]) => (
              <tr key={label} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-normal text-slate-600">
                  {label}
                </th>
                <Cell evaluation={data.parent_evaluation} metric={metric} />
                <Cell evaluation={data.fork_evaluation} metric={metric} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.fork_evaluation && data.parent_evaluation ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">Cases whose outcome changed ({data.changed.length})</h3>
          {data.changed.length === 0 ? <p className="mt-1 text-sm text-slate-600">Every case has the same outcome for both versions.</p> : null}
          <ul className="mt-2 space-y-4" data-testid="changed-cases">
            {(all ? data.changed : data.changed.slice(0, SHOWN)).map((change) => (
              <li key={change.case_id} className="rounded-lg border border-slate-200 p-3">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="break-words font-medium text-slate-900">{change.case_name}</span>
                  <span className="text-xs text-slate-500">parent</span>
                  <Outcome side={change.parent} />
                  <span aria-hidden="true" className="text-slate-400">
                    →
                  </span>
                  <span className="text-xs text-slate-500">this version</span>
                  <Outcome side={change.fork} />
                </p>
                {[...change.parent.failures.map((f) => `Parent: ${f}`), ...change.fork.failures.map((f) => `This version: ${f}`)].map((failure) => (
                  <p key={failure} className="mt-1 break-words text-xs text-slate-600">
                    {failure}
                  </p>
                ))}
                <div className="mt-2">
                  <TextDiff
                    label={`Outputs for ${change.case_name}`}
                    oldValue={change.parent.output_text}
                    newValue={change.fork.output_text}
                    oldTitle={parentLabel}
                    newTitle={forkLabel}
                    emptyText="Same output."
                  />
                </div>
              </li>
            ))}
          </ul>
          {!all && data.changed.length > SHOWN ? (
            <button type="button" className={`${buttonStyles.quiet} mt-2`} onClick={() => setAll(true)}>
              Show all {data.changed.length} changed cases
            </button>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

export function EvalComparisonPanel({
  name,
  version,
  canEvaluate,
  headingLevel = 2,
}: {
  name: string;
  version: string;
  canEvaluate: boolean;
  headingLevel?: 2 | 3;
}) {
  const queryClient = useQueryClient();
  const comparison = useComparison(name, version);
  const evaluate = useMutation({
    mutationFn: async () => {
      const data = comparison.data;
      const runs = [evaluateAndWait({ prompt: name, version, provider: "local" })];
      if (data?.parent) runs.push(evaluateAndWait({ prompt: data.parent.name, version: data.parent.version, provider: "local" }));
      await Promise.all(runs);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.evals.all }),
  });
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `evaluation-${name}-${version}`.replace(/[^a-zA-Z0-9_-]/g, "-");
  return (
    <section aria-labelledby={headingId} className={headingLevel === 2 ? `${cardStyles} p-5` : "mt-5"}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} className="text-base font-semibold text-slate-900">
          Evaluation against its parent
        </Heading>
        {canEvaluate && comparison.data?.set ? (
          <button type="button" className={buttonStyles.secondary} disabled={evaluate.isPending} onClick={() => evaluate.mutate()}>
            {evaluate.isPending ? "Evaluating…" : comparison.data.fork_evaluation ? "Evaluate again (local engine)" : "Evaluate (local engine)"}
          </button>
        ) : null}
      </div>
      {evaluate.error ? (
        <p role="alert" className="mt-2 text-sm text-rose-700">
          {evaluate.error.message}
        </p>
      ) : null}
      <QueryState query={comparison} loading="Loading the evaluation…" failed="The evaluation could not be loaded.">
        {comparison.data ? (
          comparison.data.set ? (
            <>
              <p className="mt-1 text-sm text-slate-600">
                Both versions on the eval set{" "}
                <Link className="font-mono text-indigo-700 hover:underline" href={`/prompts/evals/${comparison.data.set.id}`}>
                  {comparison.data.set.ref}
                </Link>
                , newest evaluation of each with the same provider.
              </p>
              <ComparisonBody data={comparison.data} />
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600">No eval set is named by this version’s evals_ref.</p>
          )
        ) : null}
      </QueryState>
    </section>
  );
}
