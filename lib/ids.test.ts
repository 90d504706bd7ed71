import { describe, expect, it } from "vitest";
import { hasPrefix, newId } from "@/lib/ids";

describe("newId", () => {
  it("makes a prefixed lower-case ULID", () => {
    const id = newId("lead");
    expect(id).toMatch(/^lead_[0-9a-z]{26}$/);
    expect(hasPrefix(id, "lead")).toBe(true);
    expect(hasPrefix(id, "run")).toBe(false);
  });

  it("sorts by creation, even within one millisecond", () => {
    const ids = Array.from({ length: 1000 }, () => newId("evt"));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
