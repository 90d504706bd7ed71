"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import Link from "next/link";
import { queryString, webApi, type Page } from "@/components/data/web-api";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles, cardStyles } from "@/components/ui/styles";
import type { PackJson } from "@/lib/packs/present-pack";

export function OwnerBadge({ pack }: { pack: Pick<PackJson, "owner"> }) {
  return pack.owner === "system" ? (
    <span className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">Built-in</span>
  ) : (
    <span className="inline-block rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-medium text-indigo-800">Workspace</span>
  );
}

export function PackList() {
  const packs = useInfiniteQuery({
    queryKey: ["packs", "list"],
    queryFn: ({ pageParam, signal }) => webApi<Page<PackJson>>(`/packs${queryString({ limit: 25, cursor: pageParam })}`, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });
  const rows = packs.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section aria-labelledby="packs-heading" className={cardStyles}>
      <h2 id="packs-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold text-slate-900">Packs</h2>
      {packs.isPending ? (
        <LoadingState label="Loading packs…" />
      ) : packs.isError ? (
        <ErrorState message={`The packs could not be loaded. ${packs.error.message}`} onRetry={() => void packs.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No packs">The built-in packs are created by the seed (npm run db:seed).</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {rows.map((pack) => (
            <li key={pack.slug} className="px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <Link href={`/packs/${pack.slug}`} className="font-medium text-indigo-700 hover:underline">{pack.name}</Link>
                <OwnerBadge pack={pack} />
                <span className="font-mono text-xs text-slate-500">{pack.slug}</span>
              </div>
              {pack.description ? <p className="mt-1 text-sm text-slate-600">{pack.description}</p> : null}
              <p className="mt-1 text-xs text-slate-500">
                {pack.parent ? <>Forked from <span className="font-mono">{pack.parent}</span> · </> : null}
                {Object.entries(pack.prompts).map(([stage, pin]) => `${stage}: ${pin.name} ${pin.version}`).join(" · ")}
              </p>
            </li>
          ))}
        </ul>
      )}
      {packs.hasNextPage ? (
        <div className="border-t border-slate-100 px-4 py-3">
          <button type="button" className={buttonStyles.secondary} onClick={() => void packs.fetchNextPage()} disabled={packs.isFetchingNextPage}>
            {packs.isFetchingNextPage ? "Loading…" : "Show more"}
          </button>
        </div>
      ) : null}
    </section>
  );
}
