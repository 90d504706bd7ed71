import { describe, expect, it } from "vitest";
import type { DnsCheckStatus, DnsResult } from "@/lib/dns/sender-checks";
import { dnsAuditData } from "@/lib/senders/sender-dns";

// The audit entry of a DNS check asked for (sender.dns_checked, relay.dns_checked): each record's
// status and the worst of them as `outcome`, fail before unknown before warn before pass.

const result = (mx: DnsCheckStatus, spf: DnsCheckStatus, dmarc: DnsCheckStatus, dkim: DnsCheckStatus): DnsResult => {
  const check = (status: DnsCheckStatus) => ({ status, record: null, detail: "" });
  return { domain: "example.test", checked_at: "2026-11-28T04:00:00.000Z", mx: check(mx), spf: check(spf), dmarc: check(dmarc), dkim: check(dkim) };
};

describe("dnsAuditData", () => {
  it("names the address, the domain, each status and the worst as the outcome", () => {
    expect(dnsAuditData("pat@example.test", result("pass", "warn", "pass", "unknown"))).toEqual({
      from_email: "pat@example.test",
      domain: "example.test",
      outcome: "unknown",
      mx: "pass",
      spf: "warn",
      dmarc: "pass",
      dkim: "unknown",
    });
    expect(dnsAuditData("a@example.test", result("pass", "pass", "pass", "pass")).outcome).toBe("pass");
    expect(dnsAuditData("a@example.test", result("pass", "warn", "pass", "pass")).outcome).toBe("warn");
    expect(dnsAuditData("a@example.test", result("unknown", "warn", "fail", "pass")).outcome).toBe("fail");
  });
});
