"use client";

import Link from "next/link";
import { usePromptList } from "@/components/data/queries/prompts";
import { promptHref } from "@/components/prompts/prompt-text";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import { Time } from "@/components/ui/time";
import type { PromptListItem } from "@/lib/prompts/list-prompts";

function Owner({ prompt }: { prompt: PromptListItem }) {
  return prompt.workspace ? (
    <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">Fork · {prompt.workspace}</span>
  ) : (
    <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Built-in</span>
  );
}

export function PromptList() {
  const prompts = usePromptList();
  const rows = prompts.data?.data ?? [];
  return (
    <section aria-labelledby="prompts-heading" className={cardStyles}>
      <h2 id="prompts-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Prompts
      </h2>
      <QueryState
        query={prompts}
        loading="Loading prompts…"
        failed="The prompts could not be loaded."
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No prompts">The built-in prompts are created by the seed (npm run db:seed).</EmptyState>}
      >
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2.5">
                    Name
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Stage
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Owner
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Production
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Latest
                  </th>
                  <th scope="col" className="px-3 py-2.5">
                    Versions
                  </th>
                  <th scope="col" className="whitespace-nowrap px-3 py-2.5">
                    Last shipped
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((prompt) => (
                  <tr key={prompt.name}>
                    <td className="px-3 py-3 font-mono text-sm">
                      <Link href={promptHref(prompt.name)} className="font-medium text-indigo-700 hover:underline">
                        {prompt.name}
                      </Link>
                    </td>
                    <td className="px-3 py-3 font-mono text-xs text-slate-600">{prompt.base_name}</td>
                    <td className="px-3 py-3">
                      <Owner prompt={prompt} />
                    </td>
                    <td className="px-3 py-3 font-mono text-xs">{prompt.production ?? <span className="font-sans text-slate-400">—</span>}</td>
                    <td className="px-3 py-3 font-mono text-xs">{prompt.latest}</td>
                    <td className="px-3 py-3">{prompt.versions}</td>
                    <td className="whitespace-nowrap px-3 py-3">
                      <Time iso={prompt.latest_shipped_at} mode="date" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-slate-100 md:hidden">
            {rows.map((prompt) => (
              <li key={prompt.name} className="px-4 py-4">
                <div className="flex items-start justify-between gap-3">
                  <Link href={promptHref(prompt.name)} className="min-w-0 break-all font-mono text-sm font-medium text-indigo-700 hover:underline">
                    {prompt.name}
                  </Link>
                  <Owner prompt={prompt} />
                </div>
                <dl className="mt-2 grid grid-cols-3 gap-x-4 text-sm">
                  <div>
                    <dt className="text-xs text-slate-500">Production</dt>
                    <dd className="font-mono text-xs">{prompt.production ?? "—"}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Latest</dt>
                    <dd className="font-mono text-xs">{prompt.latest}</dd>
                  </div>
                  <div>
                    <dt className="text-xs text-slate-500">Versions</dt>
                    <dd>{prompt.versions}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </>
      </QueryState>
    </section>
  );
}
