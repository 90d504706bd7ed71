import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDnsServer, type DnsTestServer } from "@/tests/helpers/dns-server";
import { dnsClient } from "@/lib/dns/resolver";
import { checkSenderDomain } from "@/lib/dns/sender-checks";
import { domainReceivesMail, isDisposableDomain, isRoleAddress, recipientChecker, type DomainCache } from "@/lib/dns/recipient-checks";

// Against a real DNS server on loopback (tests/helpers/dns-server.ts).
let server: DnsTestServer;
beforeAll(async () => {
  server = await startDnsServer();
});
afterAll(async () => {
  await server.close();
});
const client = (timeoutMs = 3000) => dnsClient({ servers: [server.address], timeoutMs });

describe("sender DNS checks", () => {
  it("a domain with every record passes", async () => {
    const result = await checkSenderDomain(client(), "pass.test", "sel1");
    expect(result.domain).toBe("pass.test");
    expect([result.mx.status, result.spf.status, result.dmarc.status, result.dkim.status]).toEqual(["pass", "pass", "pass", "pass"]);
    expect(result.mx.record).toBe("10 mx.pass.test");
    expect(result.spf.record).toBe("v=spf1 ip4:127.0.0.1 -all");
  });

  it("a domain without records fails each check and says what the record should be", async () => {
    const result = await checkSenderDomain(client(), "fail.test", "sel1");
    expect([result.mx.status, result.spf.status, result.dmarc.status, result.dkim.status]).toEqual(["fail", "fail", "fail", "fail"]);
    expect(result.spf.detail).toContain("v=spf1");
    expect(result.dmarc.detail).toContain("_dmarc.fail.test");
    expect(result.dmarc.detail).toContain("v=DMARC1");
    expect(result.dkim.detail).toContain("sel1._domainkey.fail.test");
    expect(result.mx.record).toBeNull();
  });

  it("?all and p=none warn; DKIM without a selector is unknown", async () => {
    const result = await checkSenderDomain(client(), "weak.test", "sel1");
    expect([result.mx.status, result.spf.status, result.dmarc.status, result.dkim.status]).toEqual(["pass", "warn", "warn", "pass"]);
    expect((await checkSenderDomain(client(), "weak.test", null)).dkim.status).toBe("unknown");
  });

  it("a server that never answers is unknown, never fail, by the timeout", async () => {
    const result = await checkSenderDomain(client(300), "silent.test", "sel1");
    expect([result.mx.status, result.spf.status, result.dmarc.status, result.dkim.status]).toEqual(["unknown", "unknown", "unknown", "unknown"]);
    expect(result.mx.detail).toMatch(/no answer/i);
  });
});

describe("recipient checks", () => {
  const memory = (): DomainCache & { store: Map<string, boolean> } => {
    const store = new Map<string, boolean>();
    return {
      store,
      get: async (domains) => new Map(domains.flatMap((d) => (store.has(d) ? [[d, store.get(d)!] as const] : []))),
      set: async (entries) => entries.forEach(([d, ok]) => store.set(d, ok)),
    };
  };

  it("names role addresses and disposable domains from the maintained lists", () => {
    for (const local of ["info", "sales", "support", "admin", "contact", "hello", "noreply", "no-reply"])
      expect(isRoleAddress(`${local}@acme.test`)).toBe(true);
    expect(isRoleAddress("anna.berg@acme.test")).toBe(false);
    expect(isDisposableDomain("mailinator.com")).toBe(true);
    expect(isDisposableDomain("acme.test")).toBe(false);
  });

  it("a domain receives mail through MX or A; NXDOMAIN does not", async () => {
    expect(await domainReceivesMail(client(), "pass.test")).toBe("yes");
    expect(await domainReceivesMail(client(), "a-only.test")).toBe("yes");
    expect(await domainReceivesMail(client(), "gone.test")).toBe("no");
    expect(await domainReceivesMail(client(300), "silent.test")).toBe("unknown");
  });

  it("rejects with reasons, caches definite answers, and lets everything through while the resolver is silent", async () => {
    const cache = memory();
    const checker = recipientChecker({ client: client(300), cache });
    const rejected = await checker.check(["anna@pass.test", "bob@gone.test", "info@pass.test", "x@mailinator.com"], false);
    expect(Object.fromEntries([...rejected].map(([email, r]) => [email, r.code]))).toEqual({
      "bob@gone.test": "no_mx",
      "info@pass.test": "role_address",
      "x@mailinator.com": "disposable_domain",
    });
    expect(cache.store.get("gone.test")).toBe(false);
    expect((await checker.check(["info@pass.test"], true)).size).toBe(0);

    // Silent: nothing rejected, and after the first timeout no further question waits.
    const before = server.queries();
    expect((await checker.check(["a@silent.test", "b@silent.test"], false)).size).toBe(0);
    expect(cache.store.has("silent.test")).toBe(false);
    const asked = server.queries() - before;
    expect((await checker.check(["c@other.silent.test", "d@gone2.test"], false)).size).toBe(0);
    expect(server.queries() - before).toBe(asked);
  });
});
