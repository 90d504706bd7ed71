import { describe, expect, it } from "vitest";
import { nulPath } from "@/lib/http/nul-check";

describe("nulPath", () => {
  it("finds NUL in strings, nested values and keys", () => {
    expect(nulPath({ a: "fine", b: ["x", { c: "bad\u0000" }] })).toBe("b.1.c");
    expect(nulPath({ ["k\u0000"]: 1 })).toBe("k\\0");
    expect(nulPath("\u0000")).toBe("(body)");
  });
  it("finds lone UTF-16 surrogates, which UTF-8 cannot hold, in strings and keys", () => {
    expect(nulPath({ a: ["ok", "x\ud800"] })).toBe("a.1");
    expect(nulPath({ b: "\udfff trailing half" })).toBe("b");
    expect(nulPath({ ["k\udc00"]: 1 })).toBe("k\ufffd");
  });
  it("passes everything else", () => {
    expect(nulPath({ a: "💥\u202e", b: [1, null, true], c: { d: "\\u0000 as text" }, e: "\ud83d\udca5 paired" })).toBeNull();
  });
});

describe("nulPath on deep values", () => {
  it("walks a value nested 100,000 levels without overflowing the stack", () => {
    let deep: unknown = "bad\u0000";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const found = nulPath(deep);
    expect(found?.split(".").length).toBe(100_000);
    expect(nulPath({ a: "\u0000", ["k\u0000"]: 1 })).toBe("a"); // keys and values in document order
  });
});
