import { z } from "zod";
import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { dnsClient, domainOf } from "@/lib/dns/resolver";
import { checkSenderDomain, DnsResultSchema, type DnsCheckStatus, type DnsResult } from "@/lib/dns/sender-checks";
import { NotFound } from "@/lib/errors";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";

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

const ORDER: DnsCheckStatus[] = ["fail", "unknown", "warn", "pass"];

/** The audit entry's data of a check asked for by a person or a token: the address, each record's status and the worst of them. */
export function dnsAuditData(fromEmail: string, result: DnsResult) {
  const statuses = { mx: result.mx.status, spf: result.spf.status, dmarc: result.dmarc.status, dkim: result.dkim.status };
  const outcome = ORDER.find((status) => Object.values(statuses).includes(status)) ?? "pass";
  return { from_email: fromEmail, domain: result.domain, outcome, ...statuses };
}

/**
 * Checks a sender's domain now and keeps the result on it. Asked for by an `actor` (POST
 * /senders/{id}/dns-check, "Check DNS"), the check is audited (`sender.dns_checked`, with the
 * outcome) in the transaction that keeps it; the checks run on a create or an address change are
 * part of that change's own entry.
 */
export async function checkSenderDns(workspaceId: string, id: string, actor?: Actor): Promise<DnsResult> {
  const sender = await db().sender.findFirst({ where: { id, workspaceId }, select: { fromEmail: true, dkimSelector: true } });
  if (!sender) throw new NotFound("sender");
  const result = await checkDomainOf(sender.fromEmail, sender.dkimSelector);
  await db().$transaction(async (tx) => {
    // Only if it still has the address checked (a change meanwhile runs its own check).
    await tx.sender.updateMany({ where: { id, workspaceId, fromEmail: sender.fromEmail }, data: { dns: result } });
    if (actor)
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "sender.dns_checked",
        target: { type: "sender", id },
        data: { sender_id: id, ...dnsAuditData(sender.fromEmail, result) },
      });
  });
  return result;
}

/** Checks the default sender's (the relay's) domain now and keeps the result on the relay; audited (`relay.dns_checked`) when an `actor` asked. */
export async function checkRelayDns(workspaceId: string, actor?: Actor): Promise<DnsResult> {
  const relay = await db().relaySettings.findUnique({ where: { workspaceId }, select: { fromEmail: true, dkimSelector: true } });
  if (!relay) throw new NotFound("relay (none is configured yet)");
  const result = await checkDomainOf(relay.fromEmail, relay.dkimSelector);
  await db().$transaction(async (tx) => {
    await tx.relaySettings.updateMany({ where: { workspaceId, fromEmail: relay.fromEmail }, data: { dns: result } });
    if (actor)
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "relay.dns_checked",
        target: { type: "relay", id: workspaceId },
        data: { sender_id: null, ...dnsAuditData(relay.fromEmail, result) },
      });
  });
  return result;
}
