import Link from "next/link";
import { versionHref } from "@/components/prompts/prompt-text";
import type { PromptSetState } from "@/lib/packs/approve-pack";

// What a run of this pack really resolves per stage (lib/governance/prompt-set.ts: pack pin over
// the workspace's promotion over production), each with where it came from.

const isFork = (name: string) => name.includes("@");

export function sourceWords(source: PromptSetState["prompts"][string]["source"], workspace: string): string {
  switch (source) {
    case "pack": return "pinned by this pack";
    case "label": return `promoted in ${workspace} (production@${workspace})`;
    case "production": return "built-in production version";
    case "campaign": return "pinned by the campaign";
    case "run": return "pinned by the run";
  }
}

export function ResolvedSet({ set, workspace }: { set: PromptSetState; workspace: string }) {
  const entries = Object.entries(set.prompts);
  return (
    <table className="w-full text-left text-sm" aria-label="Prompt set runs resolve">
      <thead className="text-xs uppercase tracking-wide text-slate-500">
        <tr><th scope="col" className="py-1 pr-3 font-semibold">Stage</th><th scope="col" className="py-1 pr-3 font-semibold">Version</th><th scope="col" className="py-1 font-semibold">From</th></tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {entries.map(([stage, entry]) => (
          <tr key={stage} data-testid={`resolved-${stage}`} className="align-top">
            <th scope="row" className="py-1.5 pr-3 font-mono text-xs font-normal text-slate-500">{stage}</th>
            <td className="break-all py-1.5 pr-3">
              <Link href={versionHref(entry.name, entry.version)} className="font-mono text-indigo-700 hover:underline">{entry.name} {entry.version}</Link>
              {isFork(entry.name) ? <span className="ml-2 inline-block rounded-full bg-violet-100 px-2 py-0.5 text-xs font-medium text-violet-800">fork</span> : null}
            </td>
            <td className="py-1.5 text-slate-700">{sourceWords(entry.source, workspace)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Whether the set runs of this pack use holds any fork (pinned or promoted). */
export const usesFork = (set: PromptSetState) => Object.values(set.prompts).some((entry) => isFork(entry.name));
