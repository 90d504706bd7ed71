import { describe, expect, it } from "vitest";
import { acted, currentIndex, down, onto, START, up, type Cursor } from "@/components/review/queue-cursor";

// Plays keys against a queue the way the page does: `a` approves the current draft, which leaves.
function walk(keys: string, drafts: string[]) {
  let ids = [...drafts];
  let cursor: Cursor = { ...START };
  const approved: string[] = [];
  const opened: string[] = [];
  for (const key of keys.split(" ")) {
    if (key === "j") cursor = down(cursor, ids);
    else if (key === "k") cursor = up(cursor, ids);
    else if (key === "Enter") opened.push(ids[currentIndex(cursor, ids)]);
    else if (key === "a") {
      const id = ids[currentIndex(cursor, ids)];
      approved.push(id);
      cursor = acted(cursor, ids, id);
      ids = ids.filter((other) => other !== id);
    }
  }
  return { approved, opened, current: ids[currentIndex(cursor, ids)], cursor };
}

const DRAFTS = ["d1", "d2", "d3", "d4", "d5", "d6"];

describe("the review queue's cursor", () => {
  it("on a fresh page the first row is current: Enter opens it, `a` approves it", () => {
    expect(walk("Enter", DRAFTS).opened).toEqual(["d1"]);
    expect(walk("a", DRAFTS).approved).toEqual(["d1"]);
  });

  it("`j a j a` approves 1 and 2, then 3 and 4, in order: none is skipped", () => {
    expect(walk("j a j a", DRAFTS).approved).toEqual(["d1", "d2"]);
    expect(walk("j a j a j a j a", DRAFTS).approved).toEqual(["d1", "d2", "d3", "d4"]);
  });

  it("`a a` approves 1 then 2; after an action the next draft is current", () => {
    const result = walk("a a", DRAFTS);
    expect(result.approved).toEqual(["d1", "d2"]);
    expect(result.current).toBe("d3");
    expect(result.cursor.landed).toBe(false);
  });

  it("`j` moves one row once the cursor is on a row; `k` goes back", () => {
    expect(walk("j j", DRAFTS).current).toBe("d2");
    expect(walk("j j j k", DRAFTS).current).toBe("d2");
    expect(walk("j j a", DRAFTS).approved).toEqual(["d2"]);
    expect(walk("j j a k", DRAFTS).current).toBe("d1"); // the row above the one that left
  });

  it("stays inside the list at both ends and after the last draft leaves", () => {
    expect(walk("k k", DRAFTS).current).toBe("d1");
    expect(walk("j j j j j j j j j", DRAFTS).current).toBe("d6");
    const last = walk("j j j j j j a", DRAFTS);
    expect(last.approved).toEqual(["d6"]);
    expect(last.current).toBe("d5");
    expect(walk("a", ["only"]).current).toBeUndefined();
  });

  it("a focused row becomes current; a current row that left some other way falls back to its place", () => {
    const cursor = onto(DRAFTS, "d4");
    expect(down(cursor, DRAFTS).currentId).toBe("d5");
    expect(currentIndex(cursor, ["d1", "d2", "d3", "d5", "d6"])).toBe(3);
    expect(currentIndex(cursor, [])).toBe(-1);
  });
});
