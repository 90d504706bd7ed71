import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { dnsClient, domainOf } from "@/lib/dns/resolver";
import { checkSenderDomain, DnsResultSchema, type DnsResult } from "@/lib/dns/sender-checks";
import { NotFound } from "@/lib/errors";

// The DNS checks of a sender's domain (contract §13), run on demand (POST /senders/{id}/dns-check,
// POST /relay/dns-check), when a sender is created, and when its from_email or dkim_selector
// changes; kept on the sender (or the relay, for the default sender) as `dns`. A check takes at
// most DNS_TIMEOUT_MS (3 s): the four questions are asked at once.

export const DkimSelector = z
  .string()
  .trim()
  .min(1)
  .max(63)
  .regex(/^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/, "must be a DNS label such as s1 or google")
  .nullable()
  .meta({ description: "The DKIM selector its mail is signed with (checked at `<selector>._domainkey.<domain>`); null: DKIM is not checked" });

export const NullableDnsResult = DnsResultSchema.nullable().meta({ description: "The last DNS check of its domain; null until one has run" });

export function senderDnsClient() {
  return dnsClient({ servers: config().DNS_SERVERS, timeoutMs: config().DNS_TIMEOUT_MS });
}

/** The stored result, read back as the API shows it (null when never checked or unreadable). */
export function storedDns(value: unknown): DnsResult | null {
  const parsed = DnsResultSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function checkDomainOf(fromEmail: string, selector: string | null): Promise<DnsResult> {
  return checkSenderDomain(senderDnsClient(), domainOf(fromEmail) ?? fromEmail, selector);
}

/** Checks a sender's domain now and keeps the result on it. */
export async function checkSenderDns(workspaceId: string, id: string): Promise<DnsResult> {
  const sender = await db().sender.findFirst({ where: { id, workspaceId }, select: { fromEmail: true, dkimSelector: true } });
  if (!sender) throw new NotFound("sender");
  const result = await checkDomainOf(sender.fromEmail, sender.dkimSelector);
  // Only if it still has the address checked (a change meanwhile runs its own check).
  await db().sender.updateMany({ where: { id, workspaceId, fromEmail: sender.fromEmail }, data: { dns: result } });
  return result;
}

/** Checks the default sender's (the relay's) domain now and keeps the result on the relay. */
export async function checkRelayDns(workspaceId: string): Promise<DnsResult> {
  const relay = await db().relaySettings.findUnique({ where: { workspaceId }, select: { fromEmail: true, dkimSelector: true } });
  if (!relay) throw new NotFound("relay (none is configured yet)");
  const result = await checkDomainOf(relay.fromEmail, relay.dkimSelector);
  await db().relaySettings.updateMany({ where: { workspaceId, fromEmail: relay.fromEmail }, data: { dns: result } });
  return result;
}
