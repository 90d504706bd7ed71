"use client";

import { useInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import { useMemo } from "react";
import { nextCursor, pageRows, pageUrl, type PageParams } from "@/components/data/pages";
import { webApi, type Page } from "@/components/data/web-api";

// The one hook for a cursor-paged list (`{data, has_more, next_cursor}`, the /v1 shape): pages are
// fetched with `limit` and the previous page's cursor; `rows` is every page loaded so far, in order.
// Pair it with <QueryState> and <ShowMore> (components/ui/query-state.tsx).

export type PagedListOptions<T> = {
  queryKey: QueryKey;
  /** The /api/web path, without a query string. */
  path: string;
  /** Filters sent as query parameters; empty values are left out. */
  params?: PageParams;
  limit?: number;
  /** Poll every N ms while this answers a number (given the rows loaded), or not at all. */
  pollWhile?: (rows: T[]) => number | false;
  enabled?: boolean;
};

export function usePagedList<T>({ queryKey, path, params = {}, limit = 25, pollWhile, enabled }: PagedListOptions<T>) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => webApi<Page<T>>(pageUrl(path, params, limit, pageParam), { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextCursor,
    refetchInterval: pollWhile ? (state) => pollWhile(pageRows(state.state.data?.pages)) : undefined,
    enabled,
  });
  const rows = useMemo(() => pageRows(query.data?.pages), [query.data]);
  /** The count of everything matching, when the list answers one (`total`). */
  const total = query.data?.pages[0]?.total;
  return { query, rows, total };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
