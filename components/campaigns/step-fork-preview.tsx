"use client";

import { usePromptHistory } from "@/components/data/queries/prompts";
import { TextDiff } from "@/components/diff/text-diff";
import { ForkParentLine } from "@/components/campaigns/fork-parent-line";
import { EvalComparisonPanel } from "@/components/evals/eval-comparison";
import { promptDiffText } from "@/components/prompts/prompt-text";

/**
 * A fork chosen for a step but not saved yet: its diff against its parent and its evaluation, as
 * the campaign page shows a saved fork further down (the same components), so an admin reads what
 * the reviewer will approve before saving it.
 */
export function StepForkPreview({ name, version, canEvaluate }: { name: string; version: string; canEvaluate: boolean }) {
  const history = usePromptHistory(name);
  if (history.isPending) return <p className="mt-2 text-xs text-slate-500">Loading the fork…</p>;
  const shown = history.data?.versions.find((entry) => entry.version === version);
  if (!shown) return <p className="mt-2 text-xs text-rose-700">The fork could not be loaded.</p>;
  return (
    <div className="mt-2 sm:rounded-lg sm:border sm:border-slate-200 sm:p-3" data-testid="fork-preview">
      <ForkParentLine parent={shown.parent} className="mb-2 text-xs text-slate-600" />
      <TextDiff
        label={`Diff of ${name} ${version} against its parent`}
        oldValue={shown.parent_text ? promptDiffText(shown.parent_text) : ""}
        newValue={promptDiffText(shown)}
        oldTitle={shown.parent ? `${shown.parent.name} ${shown.parent.version}` : "(none)"}
        newTitle={`${name} ${version}`}
        emptyText="Same model and texts as the parent."
      />
      <EvalComparisonPanel name={name} version={version} canEvaluate={canEvaluate} headingLevel={3} />
    </div>
  );
}
