import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "@/lib/auth/callback-url";

describe("safeCallbackUrl", () => {
  it("keeps same-site paths", () => {
    expect(safeCallbackUrl("/review/drafts/drf_1?x=1")).toBe("/review/drafts/drf_1?x=1");
  });
  it.each([undefined, "", "https://evil.example", "//evil.example", "/\\evil.example", "/login?callbackUrl=/x", "javascript:alert(1)"])(
    "sends %s home",
    (value) => {
      expect(safeCallbackUrl(value)).toBe("/");
    },
  );
});
