import { describe, expect, it } from "vitest";
import { nextCursor, pageRows, pageUrl } from "@/components/data/pages";
import type { Page } from "@/components/data/web-api";

const page = <T>(data: T[], next: string | null): Page<T> => ({ data, has_more: next !== null, next_cursor: next });

describe("pageUrl", () => {
  it("asks for the first page without a cursor and leaves empty filters out", () => {
    expect(pageUrl("/runs", { status: "", campaign: undefined, run: null }, 25, undefined)).toBe("/runs?limit=25");
  });

  it("sends the filters, the page size and the cursor, encoded", () => {
    expect(pageUrl("/suppressions", { email: "a+b@example.com" }, 50, "c/1=")).toBe("/suppressions?email=a%2Bb%40example.com&limit=50&cursor=c%2F1%3D");
  });
});

describe("nextCursor", () => {
  it("answers the page's cursor while there is more, and undefined at the end (which stops paging)", () => {
    expect(nextCursor(page([1], "abc"))).toBe("abc");
    expect(nextCursor(page([1], null))).toBeUndefined();
  });
});

describe("pageRows", () => {
  it("merges the pages loaded so far in order", () => {
    expect(pageRows([page([1, 2], "x"), page([3], "y"), page([], null)])).toEqual([1, 2, 3]);
  });

  it("is empty before the first page", () => {
    expect(pageRows(undefined)).toEqual([]);
    expect(pageRows([])).toEqual([]);
  });
});
