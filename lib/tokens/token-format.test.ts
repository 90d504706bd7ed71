import { describe, expect, it } from "vitest";
import { generateToken, isWellFormedToken, tokenDisplayParts } from "@/lib/tokens/token-format";

describe("personal access token format", () => {
  it("is lpat_ + 32 base62 + a 6-character checksum", () => {
    const token = generateToken();
    expect(token).toMatch(/^lpat_[0-9A-Za-z]{38}$/);
    expect(isWellFormedToken(token)).toBe(true);
  });

  it("catches a changed character through the checksum", () => {
    const token = generateToken();
    const i = 10;
    const changed = token.slice(0, i) + (token[i] === "a" ? "b" : "a") + token.slice(i + 1);
    expect(isWellFormedToken(changed)).toBe(false);
  });

  it("refuses other shapes", () => {
    for (const value of ["", "lpat_", "lpat_" + "a".repeat(37), "ghp_" + "a".repeat(38), generateToken() + "x"]) {
      expect(isWellFormedToken(value)).toBe(false);
    }
  });

  it("shows a prefix and the last four", () => {
    const token = generateToken();
    expect(tokenDisplayParts(token)).toEqual({ prefix: token.slice(0, 9), last4: token.slice(-4) });
  });

  it("does not repeat", () => {
    expect(new Set(Array.from({ length: 1000 }, generateToken)).size).toBe(1000);
  });
});
