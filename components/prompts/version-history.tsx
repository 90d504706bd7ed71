"use client";

import Link from "next/link";
import { versionHref } from "@/components/prompts/prompt-text";
import { Time } from "@/components/ui/time";
import type { HistoryVersion } from "@/lib/prompts/prompt-history";

/** Every version, newest first; production marked; each names the version it came from (a fork: its parent). */
export function VersionHistory({
  versions,
  selected,
  isFork,
  onSelect,
}: {
  versions: HistoryVersion[];
  selected: string;
  isFork: boolean;
  onSelect: (version: string) => void;
}) {
  return (
    <ol className="divide-y divide-slate-100" aria-label="Versions, newest first">
      {versions.map((version) => {
        const current = version.version === selected;
        return (
          <li key={version.version} data-testid={`version-${version.version}`} className={`px-4 py-3 ${current ? "bg-indigo-50/60" : ""}`}>
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm font-semibold text-slate-900">{version.version}</span>
              {version.production ? <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">Production</span> : null}
              {isFork ? <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Fork</span> : null}
              <button
                type="button"
                onClick={() => onSelect(version.version)}
                aria-pressed={current}
                className="ml-auto rounded px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 aria-pressed:bg-indigo-600 aria-pressed:text-white"
              >
                {current ? "Shown" : "Show"}
                <span className="sr-only"> {version.version}</span>
              </button>
            </div>
            <p className="mt-1 text-xs text-slate-600">
              <Time iso={version.shipped_at} mode="date" /> · <span className="font-mono">{version.model_default}</span>
            </p>
            {version.parent ? (
              <p className="mt-0.5 text-xs text-slate-600">
                {isFork ? "forked from" : "after"}{" "}
                <Link href={versionHref(version.parent.name, version.parent.version)} className="font-mono text-indigo-700 hover:underline">
                  {version.parent.name} {version.parent.version}
                </Link>
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
