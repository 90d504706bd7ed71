import { describe, expect, it } from "vitest";
import { checkBadges, checkSentence } from "@/components/review/check-words";
import type { Check } from "@/lib/review-checks/types";

const check = (code: Check["code"], severity: Check["severity"]): Check => ({ code, severity, message: `about ${code}`, field: "body", span: null });

describe("check words", () => {
  it("gives one badge per code, most severe first, counting repeats", () => {
    const badges = checkBadges([check("too_long", "info"), check("spam_phrase", "warn"), check("spam_phrase", "warn"), check("unsupported_claim", "block")]);
    expect(badges.map((b) => b.label)).toEqual(["Unsupported claim", "Spam phrase ×2", "Too long"]);
    expect(badges.map((b) => b.severity)).toEqual(["block", "warn", "info"]);
  });

  it("says a check and its severity in words", () => {
    expect(checkSentence(check("unresolved_variable", "block"))).toBe("Unresolved variable (blocks approval): about unresolved_variable");
  });
});
