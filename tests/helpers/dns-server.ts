import dns2 from "dns2";

// A real DNS server on a loopback UDP port (the `dns2` package) for the DNS checks: a zone given as
// records per name; a name in `silent` (or under it) gets no answer at all (its queries are dropped);
// a name not in the zone is NXDOMAIN. Point the service at it with DNS_SERVERS=127.0.0.1:<port>.

export type ZoneRecord = { type: "MX"; priority: number; exchange: string } | { type: "TXT"; data: string } | { type: "A"; address: string };
export type Zone = Record<string, ZoneRecord[]>;

const { Packet } = dns2;
const NXDOMAIN = 3;

/** The zone the tests use: a passing sender domain, a failing one, a weak one, a silent one, and recipients. */
export const TEST_ZONE: Zone = {
  "pass.test": [
    { type: "MX", priority: 10, exchange: "mx.pass.test" },
    { type: "TXT", data: "v=spf1 ip4:127.0.0.1 -all" },
    { type: "A", address: "127.0.0.1" },
  ],
  "_dmarc.pass.test": [{ type: "TXT", data: "v=DMARC1; p=reject; rua=mailto:dmarc@pass.test" }],
  "sel1._domainkey.pass.test": [{ type: "TXT", data: "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC3" }],
  // Exists (an A record), but no MX, SPF, DMARC or DKIM.
  "fail.test": [{ type: "A", address: "127.0.0.1" }],
  "weak.test": [
    { type: "MX", priority: 10, exchange: "mx.weak.test" },
    { type: "TXT", data: "v=spf1 include:relay.weak.test ?all" },
  ],
  "_dmarc.weak.test": [{ type: "TXT", data: "v=DMARC1; p=none" }],
  "sel1._domainkey.weak.test": [{ type: "TXT", data: "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC3" }],
  // A recipient domain with only an A record still receives mail (RFC 5321 §5.1).
  "a-only.test": [{ type: "A", address: "127.0.0.1" }],
};

export type DnsTestServer = { port: number; address: string; queries: () => number; close: () => Promise<void> };

export async function startDnsServer(zone: Zone = TEST_ZONE, silent: string[] = ["silent.test"]): Promise<DnsTestServer> {
  let queries = 0;
  const lower = new Map(Object.entries(zone).map(([name, records]) => [name.toLowerCase(), records]));
  const server = dns2.createUDPServer((request, send) => {
    queries++;
    const [question] = request.questions;
    const name = question.name.toLowerCase().replace(/\.$/, "");
    if (silent.some((s) => name === s || name.endsWith(`.${s}`))) return; // dropped: the client times out
    const response = Packet.createResponseFromRequest(request);
    const records = lower.get(name);
    if (!records) {
      response.header.rcode = NXDOMAIN;
      send(response);
      return;
    }
    const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
    for (const record of records) {
      if (record.type === "MX" && question.type === Packet.TYPE.MX)
        response.answers.push({ ...base, type: Packet.TYPE.MX, priority: record.priority, exchange: record.exchange } as never);
      if (record.type === "TXT" && question.type === Packet.TYPE.TXT) response.answers.push({ ...base, type: Packet.TYPE.TXT, data: record.data } as never);
      if (record.type === "A" && question.type === Packet.TYPE.A) response.answers.push({ ...base, type: Packet.TYPE.A, address: record.address } as never);
    }
    send(response);
  });
  await new Promise<void>((resolve) => server.bind(0, "127.0.0.1", () => resolve()));
  const { port, address } = server.address();
  return {
    port,
    address: `${address}:${port}`,
    queries: () => queries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
