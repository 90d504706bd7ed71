import { config } from "@/lib/config";
import { db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { enqueue } from "@/lib/queues";
import { signingSecrets } from "@/lib/webhooks/endpoints";
import { postWebhook } from "@/lib/webhooks/post-webhook";
import { nextAttempt } from "@/lib/webhooks/schedule";
import { signatureHeader } from "@/lib/webhooks/signing";

// One delivery attempt of one event to one endpoint, then the next step: done, the next attempt
// (a delayed job), or the dead-letter list. Every attempt is logged. The envelope and its id are
// the same on every attempt and replay; the signature is made afresh each time.

const ATTEMPT_LEASE_MS = 15_000; // longer than an attempt can take (10 s)

export function envelope(event: { id: string; type: string; occurredAt: Date; data: unknown }): string {
  return JSON.stringify({ event: event.type, id: event.id, occurred_at: event.occurredAt.toISOString(), data: event.data });
}

export async function deliver(deliveryId: string): Promise<string> {
  const delivery = await db().delivery.findUnique({ where: { id: deliveryId }, include: { event: true, endpoint: true } });
  if (!delivery || delivery.status !== "pending") return "skipped";
  if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now() + 1_000) return "not due"; // or leased by another attempt
  const attemptNo = delivery.attemptCount + 1;
  const now = new Date();
  const claimed = await db().delivery.updateMany({
    where: { id: deliveryId, status: "pending", attemptCount: delivery.attemptCount },
    // A lease: if this worker dies mid-attempt, the sweep retries the delivery after it lapses.
    data: { attemptCount: attemptNo, firstAttemptAt: delivery.firstAttemptAt ?? now, nextAttemptAt: new Date(now.getTime() + ATTEMPT_LEASE_MS) },
  });
  if (claimed.count === 0) return "skipped"; // another worker took this attempt
  const firstAttemptAt = delivery.firstAttemptAt ?? now;

  const outcome = delivery.endpoint.enabled
    ? await (async () => {
        const body = envelope(delivery.event);
        const timestamp = Math.floor(Date.now() / 1000);
        return postWebhook(delivery.endpoint.url, body, {
          "content-type": "application/json",
          "user-agent": "LeadPipe-Webhooks/1",
          "x-service-signature": signatureHeader(signingSecrets(delivery.endpoint), timestamp, body),
          "x-service-event-id": delivery.event.id,
          "x-service-event": delivery.event.type,
          "x-service-delivery-attempt": String(attemptNo),
        });
      })()
    : { ok: false, statusCode: null, responseBody: null, error: "endpoint disabled", durationMs: 0 };

  await db().deliveryAttempt.create({
    data: { id: newId("att"), deliveryId, attemptNo, startedAt: now, durationMs: outcome.durationMs, statusCode: outcome.statusCode, responseBody: outcome.responseBody, error: outcome.error },
  });
  if (outcome.ok) {
    await db().delivery.update({ where: { id: deliveryId }, data: { status: "succeeded", succeededAt: new Date(), lastError: null } });
    return "succeeded";
  }

  const attemptsInWindow = await db().deliveryAttempt.count({ where: { deliveryId, startedAt: { gte: firstAttemptAt } } });
  const { WEBHOOK_RETRY_SCHEDULE, WEBHOOK_RETRY_WINDOW_SECONDS } = config();
  const next = delivery.endpoint.enabled
    ? nextAttempt({ attemptsMade: attemptsInWindow, firstAttemptAt, now: new Date(), scheduleSeconds: WEBHOOK_RETRY_SCHEDULE, windowSeconds: WEBHOOK_RETRY_WINDOW_SECONDS })
    : ({ deadLetter: true } as const);
  if ("deadLetter" in next) {
    await db().delivery.update({ where: { id: deliveryId }, data: { status: "dead", deadLetteredAt: new Date(), lastError: outcome.error } });
    return "dead";
  }
  await db().delivery.update({ where: { id: deliveryId }, data: { nextAttemptAt: next.at, lastError: outcome.error } });
  await enqueue("deliver", { v: 1, deliveryId }, { jobId: `${deliveryId}.a${attemptNo + 1}`, delay: Math.max(0, next.at.getTime() - Date.now()) }).catch(() => undefined);
  return "retrying";
}
