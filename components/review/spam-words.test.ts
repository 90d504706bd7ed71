import { describe, expect, it } from "vitest";
import { spamScoreWords, spamTone } from "@/components/review/spam-words";

describe("a draft's spam score in words", () => {
  it("says pending, unavailable, or the score with its top rules", () => {
    expect(spamScoreWords({ status: "pending", score: null, rules: [] })).toBe("Spam score pending");
    expect(spamScoreWords({ status: "unavailable", score: null, rules: [] })).toBe("Spam score unavailable (SpamAssassin not reached)");
    expect(spamScoreWords({ status: "scored", score: 0, rules: [] })).toBe("Spam score 0.0 (below 5)");
    const rules = [
      { name: "FREE_PRICE", score: 3.14, description: "free" },
      { name: "ACT_NOW", score: 2.5, description: "act now" },
      { name: "HTML_SHORT", score: 0.4, description: "short" },
    ];
    expect(spamScoreWords({ status: "scored", score: 7.43, rules })).toBe("Spam score 7.4, at or over 5; top rules: FREE_PRICE 3.1, ACT_NOW 2.5");
    expect(spamTone({ status: "scored", score: 7.43, rules })).toBe("warn");
    expect(spamTone({ status: "pending", score: null, rules: [] })).toBe("info");
    expect(spamScoreWords({ status: "scored", score: 7.43, rules }, { edited: true })).toBe("Spam score pending: your edit is scored once it is saved");
    expect(spamTone({ status: "scored", score: 7.43, rules }, true)).toBe("info");
  });
});
