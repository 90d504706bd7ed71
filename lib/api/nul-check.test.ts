import { describe, expect, it } from "vitest";
import { nulPath } from "@/lib/api/nul-check";

describe("nulPath", () => {
  it("finds NUL in strings, nested values and keys", () => {
    expect(nulPath({ a: "fine", b: ["x", { c: "bad\u0000" }] })).toBe("b.1.c");
    expect(nulPath({ ["k\u0000"]: 1 })).toBe("k\\0");
    expect(nulPath("\u0000")).toBe("(body)");
  });
  it("passes everything else", () => {
    expect(nulPath({ a: "💥\u202e", b: [1, null, true], c: { d: "\\u0000 as text" } })).toBeNull();
  });
});
