import { beforeAll, describe, expect, it } from "vitest";
import { decodeCursor, encodeCursor, ListQuery, toPage } from "@/lib/http/pagination";

beforeAll(() => {
  process.env.AUTH_SECRET ??= "x".repeat(40);
  process.env.ENCRYPTION_KEY ??= Buffer.alloc(32).toString("base64");
});

describe("limit", () => {
  it("is plain digits from 1 to 100, 25 when absent", () => {
    expect(ListQuery.parse({})).toEqual({ limit: 25 });
    expect(ListQuery.parse({ limit: "7" })).toEqual({ limit: 7 });
    expect(ListQuery.parse({ limit: "100" })).toEqual({ limit: 100 });
    for (const bad of ["0", "101", "0x10", "1e2", " 5", "5 ", "+5", "1.5", "", "abc", "Infinity"])
      expect(ListQuery.safeParse({ limit: bad }).success, bad).toBe(false);
  });
});

describe("cursors", () => {
  it("round-trip for the same list and workspace", () => {
    expect(decodeCursor("leads", "ws_1", encodeCursor("leads", "ws_1", "lead_9"))).toBe("lead_9");
    expect(decodeCursor("leads", "ws_1", undefined)).toBeUndefined();
  });

  it("refuse another list, another workspace, or a tampered cursor", () => {
    const cursor = encodeCursor("leads", "ws_1", "lead_9");
    expect(() => decodeCursor("audit", "ws_1", cursor)).toThrow(/cursor/);
    expect(() => decodeCursor("leads", "ws_2", cursor)).toThrow(/cursor/);
    const [payload, signature] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ v: 1, l: "leads", w: "ws_1", id: "lead_0" })).toString("base64url");
    expect(() => decodeCursor("leads", "ws_1", `${forged}.${signature}`)).toThrow(/cursor/);
    expect(() => decodeCursor("leads", "ws_1", payload)).toThrow(/cursor/);
  });

  it("pages limit+1 rows into data, has_more and next_cursor", () => {
    const rows = [{ id: "c" }, { id: "b" }, { id: "a" }];
    const page = toPage(rows, 2, "leads", "ws_1", (row) => row.id);
    expect(page.data).toEqual(["c", "b"]);
    expect(page.has_more).toBe(true);
    expect(decodeCursor("leads", "ws_1", page.next_cursor!)).toBe("b");
    expect(toPage(rows.slice(0, 2), 2, "leads", "ws_1", (row) => row.id)).toEqual({ data: ["c", "b"], has_more: false, next_cursor: null });
  });
});
