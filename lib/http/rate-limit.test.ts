import { describe, expect, it } from "vitest";
import { rateLimitHeaders } from "@/lib/http/rate-limit";

describe("rate-limit headers", () => {
  it("reports the per-minute rate, whole tokens left and when the bucket is full", () => {
    const { headers, retryAfterSeconds } = rateLimitHeaders(239, 1_000, 240, 2);
    expect(headers).toEqual({ "x-ratelimit-limit": "120", "x-ratelimit-remaining": "239", "x-ratelimit-reset": "1001" });
    expect(retryAfterSeconds).toBe(1);
  });

  it("on an empty bucket, Retry-After is the whole seconds until one token (at least 1)", () => {
    expect(rateLimitHeaders(0.2, 1_000, 240, 2).retryAfterSeconds).toBe(1);
    expect(rateLimitHeaders(0, 1_000, 240, 0.5).retryAfterSeconds).toBe(2);
    expect(rateLimitHeaders(0.2, 1_000, 240, 2).headers["x-ratelimit-remaining"]).toBe("0");
  });

  it("scales with the plan multiplier", () => {
    expect(rateLimitHeaders(100, 0, 4800, 40).headers["x-ratelimit-limit"]).toBe("2400");
  });
});
