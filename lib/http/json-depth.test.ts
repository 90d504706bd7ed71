import { describe, expect, it } from "vitest";
import { jsonDepthExceeds, MAX_JSON_DEPTH } from "@/lib/http/json-depth";

describe("jsonDepthExceeds", () => {
  it("allows the limit and refuses one more level", () => {
    expect(jsonDepthExceeds("[".repeat(MAX_JSON_DEPTH) + "]".repeat(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds("[".repeat(MAX_JSON_DEPTH + 1) + "]".repeat(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds('{"a":'.repeat(65) + "1" + "}".repeat(65))).toBe(true);
  });
  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ a: "[[[[{{{{".repeat(50), b: '\\"[[[[' + "[".repeat(100) });
    expect(jsonDepthExceeds(text)).toBe(false);
  });
  it("scans a 100,000-deep body without recursion", () => {
    expect(jsonDepthExceeds("[".repeat(100_000) + "]".repeat(100_000))).toBe(true);
  });
});
