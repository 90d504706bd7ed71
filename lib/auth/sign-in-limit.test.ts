import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/auth/sign-in-limit";
import { rateLimitedError, rateLimitedFor } from "@/lib/auth/sign-in-errors";

describe("clientAddress", () => {
  it("takes the address the nearest proxy saw (the last X-Forwarded-For entry)", () => {
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9, 10.0.0.2" })).toBe("10.0.0.2");
    expect(clientAddress({ "x-forwarded-for": "::1" })).toBe("::1");
    expect(clientAddress({ "x-real-ip": "198.51.100.4" })).toBe("198.51.100.4");
    expect(clientAddress({})).toBe("unknown");
  });
});

describe("the rate-limited sign-in error", () => {
  it("round-trips the wait and ignores other errors", () => {
    expect(rateLimitedFor(rateLimitedError(840))).toBe(840);
    expect(rateLimitedFor("CredentialsSignin")).toBeNull();
    expect(rateLimitedFor(undefined)).toBeNull();
  });
});
