import { describe, expect, it } from "vitest";
import { costMicros } from "@/lib/providers/cost";

describe("costMicros", () => {
  it("prices tokens per million, in millionths of a dollar", () => {
    // 3 USD / 15 USD per million tokens: 42 input + 17 output tokens cost 126 + 255 micro-dollars.
    expect(costMicros({ inputPriceMicros: 3_000_000, outputPriceMicros: 15_000_000 }, 42, 17)).toBe(381);
    expect(costMicros({ inputPriceMicros: 250_000, outputPriceMicros: 1_250_000 }, 1_000_000, 1_000_000)).toBe(1_500_000);
  });

  it("rounds to the nearest micro-dollar and is 0 for a free provider", () => {
    expect(costMicros({ inputPriceMicros: 150_000, outputPriceMicros: 600_000 }, 10, 1)).toBe(2); // 1.5 + 0.6
    expect(costMicros({ inputPriceMicros: 0, outputPriceMicros: 0 }, 5_000, 5_000)).toBe(0);
  });
});
