import { describe, expect, it } from "vitest";
import { newNonce, pagePolicy } from "@/lib/http/content-security-policy";

describe("the pages' Content-Security-Policy", () => {
  it("allows scripts only with this request's nonce, never inline or eval in production", () => {
    const nonce = newNonce();
    const policy = pagePolicy(nonce, false);
    const scripts = policy.split("; ").find((directive) => directive.startsWith("script-src "))!;
    expect(scripts).toBe(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`);
    expect(policy).not.toContain("unsafe-eval");
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(nonce);
  });
});
