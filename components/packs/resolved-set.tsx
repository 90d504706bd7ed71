import Link from "next/link";
import { versionHref } from "@/components/prompts/prompt-text";
import type { PromptSetState } from "@/lib/packs/approve-pack";

// What a run of this pack really resolves per stage (lib/governance/prompt-set.ts: pack pin over
// the workspace's promotion over production), each with where it came from.

const isFork = (name: string) => name.includes("@");

export function sourceWords(source: PromptSetState["prompts"][string]["source"], workspace: string): string {
  switch (source) {
    case "pack":
      return "pinned by this pack";
    case "label":
      return `promoted in ${workspace} (production@${workspace})`;
    case "production":
      return "built-in production version";
    case "campaign":
      return "pinned by the campaign";
    case "run":
      return "pinned by the run";
  }
}

export function ResolvedSet({ set, workspace }: { set: PromptSetState; workspace: string }) {
  const entries = Object.entries(set.prompts);
  return (
    <ul aria-label="Prompt set runs resolve" className="divide-y divide-slate-100 text-sm">
      {entries.map(([stage, entry]) => (
        <li key={stage} data-testid={`resolved-${stage}`} className="grid gap-x-3 gap-y-0.5 py-2 sm:grid-cols-[9rem_minmax(0,1fr)_minmax(0,16rem)]">
          <span className="font-mono text-xs text-slate-500 sm:pt-0.5">{stage}</span>
          <span className="min-w-0">
            <Link href={versionHref(entry.name, entry.version)} className="break-all font-mono text-indigo-700 hover:underline">
              {entry.name} {entry.version}
            </Link>
            {isFork(entry.name) ? (
              <span className="ml-2 inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">fork</span>
            ) : null}
          </span>
          <span className="text-slate-700">
            <span className="sr-only">from: </span>
            {sourceWords(entry.source, workspace)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** Whether the set runs of this pack use holds any fork (pinned or promoted). */
export const usesFork = (set: PromptSetState) => Object.values(set.prompts).some((entry) => isFork(entry.name));
