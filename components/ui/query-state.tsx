"use client";

import type { ReactNode } from "react";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles } from "@/components/ui/styles";

// The one component for a query's loading, error and empty states: children render only once data
// is there and not empty. Works with useQuery and with usePagedList's `query`.

type QueryLike = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };

export function QueryState({
  query, loading, failed, isEmpty = false, empty, frame, children,
}: {
  query: QueryLike;
  /** "Loading runs…" */
  loading: string;
  /** What failed, as a sentence: "The runs could not be loaded." The server's detail follows it. */
  failed: string;
  isEmpty?: boolean;
  /** Shown when isEmpty: usually an <EmptyState> (or a string for its title). */
  empty?: ReactNode;
  /** A class for a box around the loading, error and empty states (when the data renders its own cards). */
  frame?: string;
  children: ReactNode;
}) {
  const framed = (node: ReactNode) => (frame ? <div className={frame}>{node}</div> : node);
  if (query.isPending) return framed(<LoadingState label={loading} />);
  if (query.isError) return framed(<ErrorState message={`${failed} ${query.error?.message ?? ""}`.trim()} onRetry={() => void query.refetch()} />);
  if (isEmpty) return framed(typeof empty === "string" ? <EmptyState title={empty} /> : empty);
  return <>{children}</>;
}

type PagedLike = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** "Show more" under a paged list, while there is more. */
export function ShowMore({ query, label = "Show more" }: { query: PagedLike; label?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="border-t border-slate-100 px-4 py-3">
      <button type="button" className={buttonStyles.secondary} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? "Loading…" : label}
      </button>
    </div>
  );
}
