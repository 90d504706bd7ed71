import { describe, expect, it } from "vitest";
import { clientAddress } from "@/lib/auth/sign-in-limit";
import { rateLimitedError, rateLimitedFor } from "@/lib/auth/sign-in-errors";

describe("clientAddress", () => {
  it("without trusted proxies, takes the last X-Forwarded-For entry: the socket's address, which the server appends", () => {
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9, 10.0.0.2" }, [])).toBe("10.0.0.2");
    expect(clientAddress({ "x-forwarded-for": "::1" }, [])).toBe("::1");
    expect(clientAddress({ "x-real-ip": "198.51.100.4" }, [])).toBe("unknown"); // X-Real-IP is a client's word
    expect(clientAddress({}, [])).toBe("unknown");
  });
  it("walks past trusted proxies only", () => {
    const trusted = ["10.0.0.0/8", "::1/128"];
    expect(clientAddress({ "x-forwarded-for": "203.0.113.9, 10.0.0.2" }, trusted)).toBe("203.0.113.9");
    expect(clientAddress({ "x-forwarded-for": "1.1.1.1, 203.0.113.9, 10.0.0.3, ::ffff:10.0.0.2" }, trusted)).toBe("203.0.113.9");
    expect(clientAddress({ "x-forwarded-for": "1.1.1.1, 198.51.100.7" }, trusted)).toBe("198.51.100.7"); // the peer itself is not trusted
    expect(clientAddress({ "x-forwarded-for": "10.0.0.2" }, trusted)).toBe("10.0.0.2");
  });
});

describe("the rate-limited sign-in error", () => {
  it("round-trips the wait and ignores other errors", () => {
    expect(rateLimitedFor(rateLimitedError(840))).toBe(840);
    expect(rateLimitedFor("CredentialsSignin")).toBeNull();
    expect(rateLimitedFor(undefined)).toBeNull();
  });
});
