"use client";

import Link from "next/link";
import { usePromptHistory } from "@/components/data/queries/prompts";
import { TextDiff } from "@/components/diff/text-diff";
import { promptDiffText, promptHref, versionHref } from "@/components/prompts/prompt-text";
import { ParentDiff } from "@/components/prompts/parent-diff";
import { BehaviourDiffPanel } from "@/components/evals/behaviour-diff";
import { EvalComparisonPanel } from "@/components/evals/eval-comparison";
import { VersionOutcomesPanel } from "@/components/evals/version-outcomes";
import { PromptExperimentsPanel } from "@/components/experiments/prompt-experiments";
import { QueryState } from "@/components/ui/query-state";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";

// /prompts/{name}/versions/{semver}: the version's fields and texts, its diff from the version
// before it and, for a fork, from its parent.

export function PromptVersionView({ name, version, canEvaluate }: { name: string; version: string; canEvaluate: boolean }) {
  const prompt = usePromptHistory(name);
  const versions = prompt.data?.versions ?? [];
  const index = versions.findIndex((candidate) => candidate.version === version);
  const shown = versions[index];
  const previous = index >= 0 ? versions[index + 1] : undefined;

  return (
    <QueryState
      query={prompt}
      loading="Loading the version…"
      failed="The prompt version could not be loaded."
      isEmpty={!shown}
      empty={`${name} has no version ${version}.`}
      frame={cardStyles}
    >
      {shown ? (
        <div className="space-y-6">
          <section aria-labelledby="fields-heading" className={`${cardStyles} p-5`}>
            <h2 id="fields-heading" className="text-base font-semibold text-slate-900">
              Version {shown.version}
              {shown.production ? <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">Production</span> : null}
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-xs text-slate-500">Prompt</dt>
                <dd>
                  <Link href={promptHref(name)} className="font-mono text-indigo-700 hover:underline">
                    {name}
                  </Link>
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Owner</dt>
                <dd>{shown.workspace ? `Fork · ${shown.workspace}` : "Built-in"}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Model</dt>
                <dd className="break-all font-mono text-xs">{shown.model_default}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Evaluation set</dt>
                <dd className="break-all font-mono text-xs">{shown.evals_ref}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Shipped</dt>
                <dd>
                  <Time iso={shown.shipped_at} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">Parent</dt>
                <dd>
                  {shown.parent ? (
                    <Link href={versionHref(shown.parent.name, shown.parent.version)} className="font-mono text-indigo-700 hover:underline">
                      {shown.parent.name} {shown.parent.version}
                    </Link>
                  ) : (
                    "—"
                  )}
                </dd>
              </div>
            </dl>
            <h3 className="mt-5 text-xs font-semibold uppercase tracking-wide text-slate-500">System</h3>
            <pre className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">{shown.system}</pre>
            <h3 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">User template</h3>
            <pre className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 font-mono text-xs text-slate-800">{shown.user_template}</pre>
          </section>

          <section aria-labelledby="previous-heading" className={`${cardStyles} p-5`}>
            <h2 id="previous-heading" className="text-base font-semibold text-slate-900">
              Changes from the previous version
            </h2>
            {previous ? (
              <>
                <p className="mb-3 mt-1 text-sm text-slate-600">
                  Against{" "}
                  <Link href={versionHref(name, previous.version)} className="font-mono text-indigo-700 hover:underline">
                    {name} {previous.version}
                  </Link>
                  .
                </p>
                <TextDiff
                  label={`${name} ${shown.version} against ${previous.version}`}
                  oldValue={promptDiffText(previous)}
                  newValue={promptDiffText(shown)}
                  oldTitle={`${name} ${previous.version}`}
                  newTitle={`${name} ${shown.version}`}
                  emptyText="Same model and texts as the previous version."
                />
              </>
            ) : (
              <p className="mt-1 text-sm text-slate-600">This is the first version of {name}.</p>
            )}
          </section>

          {shown.workspace ? <ParentDiff name={name} version={shown} heading="Changes from its parent" /> : null}
          {shown.parent ? <EvalComparisonPanel name={name} version={shown.version} canEvaluate={canEvaluate} /> : null}
          <BehaviourDiffPanel name={name} version={shown.version} canReplay={canEvaluate} />
          <VersionOutcomesPanel name={name} version={shown.version} />
          <PromptExperimentsPanel name={name} version={shown.version} />
        </div>
      ) : null}
    </QueryState>
  );
}
