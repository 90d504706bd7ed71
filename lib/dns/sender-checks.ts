import { z } from "zod";
import type { DnsClient, Lookup } from "@/lib/dns/resolver";

// The DNS checks of a sender's domain (contract §13 "DNS checks of a sender's domain"): MX, SPF,
// DMARC and DKIM, each pass | warn | fail | unknown with the record found and a sentence that says,
// when a check does not pass, what the record should look like. A question without an answer in
// time is `unknown`, never `fail`.

export const DNS_CHECK_STATUSES = ["pass", "warn", "fail", "unknown"] as const;
export type DnsCheckStatus = (typeof DNS_CHECK_STATUSES)[number];

export const DnsCheckSchema = z.object({ status: z.enum(DNS_CHECK_STATUSES), record: z.string().nullable(), detail: z.string() }).meta({ id: "DnsCheck" });
export const DnsResultSchema = z
  .object({ domain: z.string(), checked_at: z.string(), mx: DnsCheckSchema, spf: DnsCheckSchema, dmarc: DnsCheckSchema, dkim: DnsCheckSchema })
  .meta({ id: "DnsResult", description: "The last DNS check of the sender's domain" });
export type DnsCheck = z.infer<typeof DnsCheckSchema>;
export type DnsResult = z.infer<typeof DnsResultSchema>;

const check = (status: DnsCheckStatus, record: string | null, detail: string): DnsCheck => ({ status, record, detail });
const unknown = (name: string, found: { reason: string }) => check("unknown", null, `No answer for ${name}: ${found.reason}. Check again later.`);

function mxCheck(domain: string, found: Lookup<{ exchange: string; priority: number }[]>): DnsCheck {
  if (found.kind === "unknown") return unknown(domain, found);
  if (found.kind === "found" && found.records.length && found.records.every((mx) => mx.exchange === "" || mx.exchange === "."))
    return check(
      "fail",
      "0 .",
      `${domain} publishes a null MX: it says it receives no mail, so replies cannot come back. Replace it with an MX naming its mail server.`,
    );
  if (found.kind === "found" && found.records.length) {
    const record = [...found.records]
      .sort((a, b) => a.priority - b.priority)
      .map((mx) => `${mx.priority} ${mx.exchange}`)
      .join(", ");
    return check("pass", record, `${domain} receives mail.`);
  }
  return check(
    "fail",
    null,
    `${domain} has no MX record, so replies cannot come back. Add one naming the server that receives its mail, e.g. "10 mx.${domain}".`,
  );
}

function spfCheck(domain: string, found: Lookup<string[]>): DnsCheck {
  if (found.kind === "unknown") return unknown(domain, found);
  const records = found.kind === "found" ? found.records.filter((txt) => /^v=spf1(\s|$)/i.test(txt.trim())) : [];
  const example = `"v=spf1 include:<your mail provider's SPF domain> ~all"`;
  if (records.length === 0) return check("fail", null, `No SPF record at ${domain}. Add a TXT record at ${domain} such as ${example}.`);
  const record = records[0];
  if (records.length > 1)
    return check("warn", records.join(" | "), `${domain} has ${records.length} SPF records; receivers treat that as an error. Merge them into one.`);
  const all = /(^|\s)([+?]?)all(\s|$)/i.exec(record);
  if (all && (all[2] === "+" || all[2] === "?"))
    return check("warn", record, `The SPF record ends in "${all[2]}all", which lets anyone send as ${domain}. End it in "~all" or "-all", e.g. ${example}.`);
  return check("pass", record, `SPF names who may send as ${domain}.`);
}

function dmarcCheck(domain: string, found: Lookup<string[]>): DnsCheck {
  const name = `_dmarc.${domain}`;
  if (found.kind === "unknown") return unknown(name, found);
  const record = found.kind === "found" ? found.records.find((txt) => /^v=DMARC1\s*(;|$)/i.test(txt.trim())) : undefined;
  const example = `"v=DMARC1; p=quarantine; rua=mailto:dmarc@${domain}"`;
  if (!record) return check("fail", null, `No DMARC record at ${name}. Add a TXT record at ${name} such as ${example}.`);
  if (/(^|;)\s*p\s*=\s*none\s*(;|$)/i.test(record))
    return check(
      "warn",
      record,
      `The DMARC policy is p=none: receivers are asked to do nothing with mail that fails. Once reports look right, use ${example}.`,
    );
  return check("pass", record, `DMARC tells receivers what to do with mail that fails SPF and DKIM.`);
}

function dkimCheck(domain: string, selector: string | null, found: Lookup<string[]> | null): DnsCheck {
  if (!selector || !found)
    return check("unknown", null, `No DKIM selector is set, so DKIM is not checked. Set the selector your mail provider signs with (dkim_selector).`);
  const name = `${selector}._domainkey.${domain}`;
  if (found.kind === "unknown") return unknown(name, found);
  const example = `"v=DKIM1; k=rsa; p=<the public key your mail provider gives>"`;
  const record = found.kind === "found" ? found.records.find((txt) => /(^|;)\s*p=/i.test(txt)) : undefined;
  if (!record)
    return check("fail", null, `No DKIM key at ${name}. Publish the TXT record your mail provider gives for selector "${selector}", such as ${example}.`);
  if (/(^|;)\s*p=\s*(;|$)/i.test(record)) return check("fail", record, `The DKIM key at ${name} is empty (revoked). Publish the current key: ${example}.`);
  return check("pass", record, `A DKIM key is published for selector "${selector}".`);
}

/** Checks `domain` (the part after @ of the from address), asking the four questions at once. */
export async function checkSenderDomain(client: DnsClient, domain: string, selector: string | null, now = new Date()): Promise<DnsResult> {
  const [mx, spf, dmarc, dkim] = await Promise.all([
    client.mx(domain),
    client.txt(domain),
    client.txt(`_dmarc.${domain}`),
    selector ? client.txt(`${selector}._domainkey.${domain}`) : Promise.resolve(null),
  ]);
  return {
    domain,
    checked_at: now.toISOString(),
    mx: mxCheck(domain, mx),
    spf: spfCheck(domain, spf),
    dmarc: dmarcCheck(domain, dmarc),
    dkim: dkimCheck(domain, selector, dkim),
  };
}
