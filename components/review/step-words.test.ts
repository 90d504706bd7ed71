import { describe, expect, it } from "vitest";
import { canceledWords, endedWords, stepWords, waitWords } from "@/components/review/step-words";

describe("step words", () => {
  it("names the step among the run's steps, and says nothing for a run of one step", () => {
    expect(stepWords(2, 3)).toBe("Step 2 of 3 · follow-up");
    expect(stepWords(1, 3)).toBe("Step 1 of 3 · first email");
    expect(stepWords(1, 1)).toBeNull();
  });
  it("counts a follow-up's wait from the step before it", () => {
    expect(waitWords(2, { words: "3 days" })).toBe("sent 3 days after step 1");
    expect(waitWords(3, { words: "1 week" })).toBe("sent 1 week after step 2");
    expect(waitWords(1, null)).toBeNull();
  });
  it("says why a sequence ended in words, and what a canceled follow-up says", () => {
    expect(canceledWords("replied")).toBe("Not sent: the lead replied");
    expect(endedWords("stopped")).toBe("a reviewer stopped the sequence");
    expect(endedWords(null)).toBe("the sequence ended");
  });
});
