import { describe, expect, it } from "vitest";
import { reviewTime, reviewWords } from "@/components/runs/review-words";

describe("review words", () => {
  it("says a review time in the largest units a reviewer reads", () => {
    expect(reviewTime(400)).toBe("0 s");
    expect(reviewTime(14_400)).toBe("14 s");
    expect(reviewTime(59_600)).toBe("1 min");
    expect(reviewTime(125_000)).toBe("2 min 5 s");
    expect(reviewTime(3_780_000)).toBe("1 h 3 min");
    expect(reviewTime(7_200_000)).toBe("2 h");
  });

  it("says how the run's review went, and why there is no time when no draft was read first", () => {
    expect(reviewWords({ decided: 0, median_decision_ms: null })).toBe("No draft of this run decided yet.");
    expect(reviewWords({ decided: 3, median_decision_ms: null })).toBe("3 drafts decided; none was opened before its decision, so no review time.");
    expect(reviewWords({ decided: 1, median_decision_ms: 20_000 })).toBe("1 draft decided · median 20 s from a reviewer's first read to the decision.");
  });
});
