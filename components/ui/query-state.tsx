"use client";

import type { ReactNode } from "react";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { buttonStyles } from "@/components/ui/styles";

// The one component for a query's loading, error and empty states: children render only once data
// is there and not empty. Works with useQuery and with usePagedList's `query`. Children may be a
// function of the data, which is then known to be there (no `query.data!`). Without children it is
// the early return of a page whose hooks come first: `if (!query.isSuccess) return <QueryState …/>;`.

type QueryLike<T> = { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown; data?: T };

export function QueryState<T>({
  query,
  loading,
  failed,
  isEmpty = false,
  empty,
  frame,
  keepDataOnError = false,
  children,
}: {
  query: QueryLike<T>;
  /** "Loading runs…" */
  loading: string;
  /** What failed, as a sentence: "The runs could not be loaded." The server's detail follows it. */
  failed: string;
  isEmpty?: boolean;
  /** Shown when isEmpty: usually an <EmptyState> (or a string for its title). */
  empty?: ReactNode;
  /** A class for a box around the loading, error and empty states (when the data renders its own cards). */
  frame?: string;
  /** A failed refetch keeps showing the data loaded before (a polled form); the error shows only without data. */
  keepDataOnError?: boolean;
  children?: ReactNode | ((data: T) => ReactNode);
}) {
  const framed = (node: ReactNode) => (frame ? <div className={frame}>{node}</div> : node);
  if (query.isPending) return framed(<LoadingState label={loading} />);
  if (query.isError && !(keepDataOnError && query.data !== undefined)) {
    return framed(<ErrorState message={`${failed} ${query.error?.message ?? ""}`.trim()} onRetry={() => void query.refetch()} />);
  }
  if (isEmpty) return framed(typeof empty === "string" ? <EmptyState title={empty} /> : empty);
  return <>{typeof children === "function" ? children(query.data as T) : children}</>;
}

type PagedLike = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** "Show more" under a paged list, while there is more. */
export function ShowMore({ query, label = "Show more", border = "border-slate-100" }: { query: PagedLike; label?: string; border?: string }) {
  if (!query.hasNextPage) return null;
  return (
    <div className={`border-t ${border} px-4 py-3`}>
      <button type="button" className={buttonStyles.secondary} onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
        {query.isFetchingNextPage ? "Loading…" : label}
      </button>
    </div>
  );
}
