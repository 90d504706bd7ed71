import { describe, expect, it } from "vitest";
import { generateWebhookSecret, signatureHeader, signPayload } from "@/lib/webhooks/signing";
import { SIGNATURE_TEST_VECTOR } from "@/lib/webhooks/test-vector";

// The test vector published in docs/webhooks.md.
const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const BODY =
  '{"event":"draft.ready","id":"evt_01jd0000000000000000000000","occurred_at":"2026-11-21T10:00:00.000Z","data":{"lead_id":"lead_01jd0000000000000000000001","draft_id":"drf_01jd0000000000000000000002","review_url":"https://app.example.com/review/drafts/drf_01jd0000000000000000000002","run_id":"run_01jd0000000000000000000003"}}';

describe("webhook signatures", () => {
  it("match the published vector", () => {
    const expected = "1c808b1da6702bd838e326b86ad1e7017d84c1aba2faf1e53a68cfaf6dc2dce5";
    expect(signPayload(SECRET, 1763719200, BODY)).toBe(expected);
    expect(signatureHeader([SECRET], 1763719200, BODY)).toBe(`t=1763719200,v1=${expected}`);
    // The vector the docs page signs is the same one, byte for byte.
    expect(SIGNATURE_TEST_VECTOR).toEqual({ secret: SECRET, t: 1763719200, body: BODY });
  });

  it("carry one v1 per valid secret", () => {
    const header = signatureHeader(["whsec_a", "whsec_b"], 1, "{}");
    expect(header.split(",")).toHaveLength(3);
    expect(header).toContain(`v1=${signPayload("whsec_b", 1, "{}")}`);
  });

  it("change with the body, the time and the secret", () => {
    const base = signPayload(SECRET, 1, "{}");
    expect(signPayload(SECRET, 1, "{ }")).not.toBe(base);
    expect(signPayload(SECRET, 2, "{}")).not.toBe(base);
    expect(signPayload("whsec_other", 1, "{}")).not.toBe(base);
  });

  it("secrets are whsec_ + base64 of 32 random bytes", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
  });
});
