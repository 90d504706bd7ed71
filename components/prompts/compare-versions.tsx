"use client";

import { useId } from "react";
import { TextDiff } from "@/components/diff/text-diff";
import { promptDiffText } from "@/components/prompts/prompt-text";
import { fieldStyles } from "@/components/ui/styles";
import type { HistoryVersion } from "@/lib/prompts/prompt-history";

type CompareProps = { name: string; versions: HistoryVersion[]; from: string; to: string; onChange: (pair: { from: string; to: string }) => void };

/** Any two versions of one prompt side by side. */
export function CompareVersions({ name, versions, from, to, onChange }: CompareProps) {
  const ids = { from: useId(), to: useId() };
  const before = versions.find((version) => version.version === from) ?? versions[0];
  const after = versions.find((version) => version.version === to) ?? versions[0];
  const options = versions.map((version) => (
    <option key={version.version} value={version.version}>
      {version.version}
      {version.production ? " (production)" : ""}
    </option>
  ));
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-36">
          <label htmlFor={ids.from} className={fieldStyles.label}>
            From
          </label>
          <select id={ids.from} value={before.version} onChange={(event) => onChange({ from: event.target.value, to })} className={fieldStyles.input}>
            {options}
          </select>
        </div>
        <div className="min-w-36">
          <label htmlFor={ids.to} className={fieldStyles.label}>
            To
          </label>
          <select id={ids.to} value={after.version} onChange={(event) => onChange({ from, to: event.target.value })} className={fieldStyles.input}>
            {options}
          </select>
        </div>
        <button
          type="button"
          onClick={() => onChange({ from: to, to: from })}
          className="mb-0.5 rounded-md px-2.5 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Swap
        </button>
      </div>
      <TextDiff
        label={`${name} ${before.version} compared with ${after.version}`}
        oldValue={promptDiffText(before)}
        newValue={promptDiffText(after)}
        oldTitle={`${name} ${before.version}`}
        newTitle={`${name} ${after.version}`}
        emptyText={before.version === after.version ? "Choose two different versions to compare." : "These versions have the same model and texts."}
      />
    </div>
  );
}
