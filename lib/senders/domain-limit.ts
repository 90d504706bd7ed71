import { queryIn, type AnyTx } from "@/lib/db";
import { localDay, type Schedule, zoneFor } from "@/lib/senders/window";
import { SEND_STATUS } from "@/lib/statuses";

// A schedule's max_per_domain_per_day (contract §13): at most that many sends a day to one recipient
// domain per campaign; the rest waits for the next window. Enforced where slots are handed out
// (lib/senders/schedule.ts, lib/senders/slots.ts), in the scheduling transaction: each (campaign,
// domain) pair is locked (a transaction-scoped advisory lock, taken in a fixed order) before its
// counts are read, so two worker processes scheduling at once count each other's sends. A day is
// the calendar day of the schedule's zone (the lead's own under "lead").

export type DomainRequest = { campaignId: string | null; email: string; schedule: Schedule | null; timeZone: string | null };

export const recipientDomain = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();
export const domainKey = (campaignId: string, domain: string) => `${campaignId}|${domain}`;

/** The domain rule of a request, or undefined when its campaign's schedule sets none. */
export function domainRule(request: DomainRequest): { key: string; limit: number } | undefined {
  const limit = request.schedule?.max_per_domain_per_day;
  if (!limit || !request.campaignId) return undefined;
  return { key: domainKey(request.campaignId, recipientDomain(request.email)), limit };
}

/**
 * Locks the (campaign, domain) pairs of these requests and answers the sends already given a slot
 * for each pair per day (`<campaign>|<domain>|<YYYY-MM-DD>`), from two days ago on.
 */
export async function lockDomainCounts(client: AnyTx, requests: DomainRequest[], now: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const pairs = [
    ...new Set(
      requests
        .map(domainRule)
        .filter((rule) => rule !== undefined)
        .map((rule) => rule.key),
    ),
  ].sort();
  if (!pairs.length) return counts;
  for (const pair of pairs) await queryIn(client, `SELECT pg_advisory_xact_lock(hashtext('leadpipe.domain'), hashtext($1))`, [pair]);
  const rows = await queryIn<{ campaignId: string; email: string; scheduledFor: Date; timeZone: string | null; schedule: Schedule | null }>(
    client,
    `SELECT r."campaignId", l."emailLower" AS email, s."scheduledFor", l."timeZone", c.schedule
       FROM sends s JOIN drafts d ON d.id = s."draftId" JOIN runs r ON r.id = d."runId" JOIN leads l ON l.id = d."leadId" JOIN campaigns c ON c.id = r."campaignId"
      WHERE r."campaignId" = ANY($1) AND split_part(l."emailLower", '@', 2) = ANY($2) AND s."scheduledFor" >= $3 AND s.status <> $4`,
    [
      [...new Set(pairs.map((pair) => pair.split("|")[0]))],
      [...new Set(pairs.map((pair) => pair.split("|")[1]))],
      new Date(now - 2 * 86_400_000),
      SEND_STATUS.failed,
    ],
  );
  for (const row of rows) {
    const key = domainKey(row.campaignId, recipientDomain(row.email));
    if (!pairs.includes(key) || !row.schedule) continue;
    const day = localDay(row.scheduledFor.getTime(), zoneFor(row.schedule, row.timeZone));
    counts.set(`${key}|${day}`, (counts.get(`${key}|${day}`) ?? 0) + 1);
  }
  return counts;
}
