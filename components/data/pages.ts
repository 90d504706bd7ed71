import { queryString, type Page } from "@/components/data/web-api";

// The pure half of usePagedList: which URL a page comes from, which cursor comes next, and the rows
// of every page loaded so far (unit-tested in pages.test.ts).

export type PageParams = Record<string, string | number | undefined | null>;

/** The URL of one page: the filters (empty ones left out), the page size and the cursor (none for the first page). */
export function pageUrl(path: string, params: PageParams, limit: number, cursor: string | undefined): string {
  return `${path}${queryString({ ...params, limit, cursor })}`;
}

/** The cursor of the page after this one, or undefined at the end (React Query stops there). */
export function nextCursor(page: Page<unknown>): string | undefined {
  return page.next_cursor ?? undefined;
}

/** Every row of the pages loaded so far, in order. */
export function pageRows<T>(pages: readonly Page<T>[] | undefined): T[] {
  return pages?.flatMap((page) => page.data) ?? [];
}
