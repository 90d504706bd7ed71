"use client";

import Link from "next/link";
import { usePackList } from "@/components/data/queries/packs";
import { QueryState, ShowMore } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { cardStyles } from "@/components/ui/styles";
import type { PackJson } from "@/lib/packs/present-pack";

export function OwnerBadge({ pack }: { pack: Pick<PackJson, "owner"> }) {
  return pack.owner === "system" ? (
    <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Built-in</span>
  ) : (
    <span className="inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800">Workspace</span>
  );
}

export function PackList() {
  const { query: packs, rows } = usePackList();
  return (
    <section aria-labelledby="packs-heading" className={cardStyles}>
      <h2 id="packs-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">
        Packs
      </h2>
      <QueryState
        query={packs}
        loading="Loading packs…"
        failed="The packs could not be loaded."
        isEmpty={rows.length === 0}
        empty={<EmptyState title="No packs">The built-in packs are created by the seed (npm run db:seed).</EmptyState>}
      >
        <ul className="divide-y divide-slate-100">
          {rows.map((pack) => (
            <li key={pack.slug} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <Link href={`/packs/${pack.slug}`} className="font-medium text-indigo-700 hover:underline">
                  {pack.name}
                </Link>
                <OwnerBadge pack={pack} />
                <span className="font-mono text-xs text-slate-500">{pack.slug}</span>
              </div>
              {pack.description ? <p className="mt-1 text-sm text-slate-600">{pack.description}</p> : null}
              <p className="mt-1 text-xs text-slate-500">
                {pack.parent ? (
                  <>
                    Forked from <span className="font-mono">{pack.parent}</span> ·{" "}
                  </>
                ) : null}
                {Object.entries(pack.prompts)
                  .map(([stage, pin]) => `${stage}: ${pin.name} ${pin.version}`)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      </QueryState>
      <ShowMore query={packs} />
    </section>
  );
}
