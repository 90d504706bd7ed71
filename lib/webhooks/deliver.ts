import pLimit from "p-limit";
import { config } from "@/lib/config";
import { db, sql, sqlTransaction } from "@/lib/db";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics/metrics";
import { enqueueBulk, enqueueBulkAfterCommit } from "@/lib/queues";
import { NOT_ATTEMPTED, noteEndpointHealth } from "@/lib/webhooks/endpoint-health";
import { SIGNING_SECRETS, signingSecrets } from "@/lib/webhooks/endpoints";
import { ATTEMPT_TIMEOUT_MS, postWebhook, type AttemptOutcome } from "@/lib/webhooks/post-webhook";
import { nextAttempt } from "@/lib/webhooks/schedule";
import { signatureHeader } from "@/lib/webhooks/signing";
import { DELIVERY_STATUS } from "@/lib/statuses";

// One attempt for each of a batch of deliveries, set-based: the due ones are claimed in one
// statement, posted concurrently (at most PER_ENDPOINT at a time to any one endpoint), and the
// attempts and outcomes written in one transaction. Then each delivery's next step: done, the next
// attempt (a delayed job), or the dead-letter list, and each endpoint's health (endpoint-health.ts).
// The envelope and its id are the same on every attempt and replay; the signature is made afresh
// each time. Jobs carry one endpoint's deliveries; lanes.ts keeps endpoints from waiting on each other.

/** Deliveries per job: what the dispatcher, the sweep and replays put in one `deliver` job. */
export const DELIVERY_BATCH = 100;
const PER_ENDPOINT = 50;

export function envelope(event: { id: string; type: string; occurredAt: Date; data: unknown }): string {
  return JSON.stringify({ event: event.type, id: event.id, occurred_at: event.occurredAt.toISOString(), data: event.data });
}

type Claimed = { id: string; attemptNo: number; firstAttemptAt: Date; endpointId: string; eventId: string; type: string; data: unknown; occurredAt: Date };
/** `wasFailing`: the endpoint's `failingSince` was set when the batch began (endpoint-health.ts). */
type Attempt = Claimed & { startedAt: Date; outcome: AttemptOutcome; wasFailing: boolean };
export type BatchResult = { succeeded: number; retrying: number; dead: number; skipped: number };
/** A delivery to queue: its id and the endpoint it goes to (jobs are per endpoint). */
export type QueuedDelivery = { id: string; endpointId: string };

/**
 * Claims due deliveries (pending, not leased by another attempt): those among `ids`, or an
 * endpoint's oldest DELIVERY_BATCH due ones. Claiming counts the attempt and sets a lease: if this
 * worker dies mid-attempt, the sweep retries them when it lapses. Rows another worker holds are
 * skipped, not waited for.
 */
/**
 * A delivery that is due: pending, with no next attempt or one at most a second away (a delayed job
 * can fire a little early by PostgreSQL's clock). Lanes use it too (lib/webhooks/lanes.ts).
 */
/** `param` is the placeholder that carries DELIVERY_STATUS.pending (`$3`). */
export const dueClause = (param: string) => `status = ${param} AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= now() + interval '1 second')`;

async function claim(which: { ids: string[] } | { endpointId: string }, leaseMs: number): Promise<Claimed[]> {
  const due =
    "ids" in which
      ? `SELECT id FROM deliveries
        WHERE id = ANY($1) AND ${dueClause("$3")}
        FOR UPDATE SKIP LOCKED`
      : `SELECT id FROM deliveries
        WHERE "endpointId" = $1 AND ${dueClause("$3")}
        ORDER BY "nextAttemptAt" NULLS FIRST LIMIT ${DELIVERY_BATCH} FOR UPDATE SKIP LOCKED`;
  const { rows } = await sql().query<Claimed>(
    `WITH due AS (${due}),
     claimed AS (
       UPDATE deliveries d SET "attemptCount" = d."attemptCount" + 1, "firstAttemptAt" = coalesce(d."firstAttemptAt", now()),
              "nextAttemptAt" = now() + make_interval(secs => $2)
         FROM due WHERE d.id = due.id
       RETURNING d.id, d."attemptCount" AS "attemptNo", d."firstAttemptAt", d."endpointId", d."eventId")
     SELECT c.*, e.type, e.data, e."occurredAt" FROM claimed c JOIN events e ON e.id = c."eventId"`,
    ["ids" in which ? which.ids : which.endpointId, leaseMs / 1000, DELIVERY_STATUS.pending],
  );
  return rows;
}

async function attemptAll(claimed: Claimed[]): Promise<Attempt[]> {
  const endpointIds = [...new Set(claimed.map((row) => row.endpointId))];
  const endpoints = new Map((await db().webhookEndpoint.findMany({ where: { id: { in: endpointIds } }, omit: SIGNING_SECRETS })).map((e) => [e.id, e]));
  const limits = new Map(endpointIds.map((id) => [id, pLimit(PER_ENDPOINT)]));
  const secrets = new Map([...endpoints.values()].map((e) => [e.id, signingSecrets(e)]));
  return Promise.all(
    claimed.map((row) =>
      limits.get(row.endpointId)!(async (): Promise<Attempt> => {
        const endpoint = endpoints.get(row.endpointId);
        const startedAt = new Date();
        const wasFailing = Boolean(endpoint?.failingSince);
        if (!endpoint?.enabled)
          return { ...row, startedAt, wasFailing, outcome: { ok: false, statusCode: null, responseBody: null, error: NOT_ATTEMPTED, durationMs: 0 } };
        const body = envelope({ id: row.eventId, type: row.type, occurredAt: row.occurredAt, data: row.data });
        const outcome = await postWebhook(endpoint.url, body, {
          "content-type": "application/json",
          "user-agent": "LeadPipe-Webhooks/1",
          "x-service-signature": signatureHeader(secrets.get(endpoint.id)!, Math.floor(startedAt.getTime() / 1000), body),
          "x-service-event-id": row.eventId,
          "x-service-event": row.type,
          "x-service-delivery-attempt": String(row.attemptNo),
        });
        return { ...row, startedAt, wasFailing, outcome };
      }),
    ),
  );
}

/** Writes every attempt and each delivery's next step in one transaction; returns the retries to queue. */
type Retry = { id: string; endpointId: string; attemptNo: number; at: Date };

async function record(attempts: Attempt[]): Promise<{ result: Omit<BatchResult, "skipped">; retries: Retry[] }> {
  const { WEBHOOK_RETRY_SCHEDULE, WEBHOOK_RETRY_WINDOW_SECONDS } = config();
  const succeeded = attempts.filter((a) => a.outcome.ok).map((a) => a.id);
  const failed = attempts.filter((a) => !a.outcome.ok);
  const retries: Retry[] = [];
  let dead = 0;
  await sqlTransaction(async (client) => {
    await client.query(
      `INSERT INTO delivery_attempts (id, "deliveryId", "attemptNo", "startedAt", "durationMs", "statusCode", "responseBody", error)
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[])
       ON CONFLICT ("deliveryId", "attemptNo") DO NOTHING`,
      [
        attempts.map(() => newId("att")),
        attempts.map((a) => a.id),
        attempts.map((a) => a.attemptNo),
        attempts.map((a) => a.startedAt),
        attempts.map((a) => a.outcome.durationMs),
        attempts.map((a) => a.outcome.statusCode),
        attempts.map((a) => a.outcome.responseBody),
        attempts.map((a) => a.outcome.error),
      ],
    );
    if (succeeded.length)
      await client.query(`UPDATE deliveries SET status = $2, "succeededAt" = now(), "lastError" = NULL WHERE id = ANY($1)`, [
        succeeded,
        DELIVERY_STATUS.succeeded,
      ]);
    if (failed.length === 0) return;
    // Attempts made since the window opened (a replay opens a new window).
    const counts = await client.query<{ id: string; made: number }>(
      `SELECT d.id, count(a.id)::int AS made FROM deliveries d JOIN delivery_attempts a ON a."deliveryId" = d.id AND a."startedAt" >= d."firstAttemptAt"
        WHERE d.id = ANY($1) GROUP BY d.id`,
      [failed.map((a) => a.id)],
    );
    const made = new Map(counts.rows.map((row) => [row.id, row.made]));
    const now = new Date();
    const steps = failed.map((a) => {
      const next =
        a.outcome.error === NOT_ATTEMPTED
          ? ({ deadLetter: true } as const)
          : nextAttempt({
              attemptsMade: made.get(a.id) ?? 1,
              firstAttemptAt: a.firstAttemptAt,
              now,
              scheduleSeconds: WEBHOOK_RETRY_SCHEDULE,
              windowSeconds: WEBHOOK_RETRY_WINDOW_SECONDS,
            });
      if ("deadLetter" in next) dead++;
      else retries.push({ id: a.id, endpointId: a.endpointId, attemptNo: a.attemptNo + 1, at: next.at });
      return { id: a.id, dead: "deadLetter" in next, at: "at" in next ? next.at : null, error: a.outcome.error };
    });
    await client.query(
      `UPDATE deliveries d SET status = CASE WHEN s.dead THEN 'dead' ELSE 'pending' END, "deadLetteredAt" = CASE WHEN s.dead THEN now() END,
              "nextAttemptAt" = s.at, "lastError" = s.error
         FROM unnest($1::text[], $2::bool[], $3::timestamptz[], $4::text[]) AS s(id, dead, at, error) WHERE d.id = s.id`,
      [steps.map((s) => s.id), steps.map((s) => s.dead), steps.map((s) => s.at), steps.map((s) => s.error)],
    );
  });
  return { result: { succeeded: succeeded.length, retrying: retries.length, dead }, retries };
}

/** The lease covers the slowest case: every delivery to one endpoint, PER_ENDPOINT at a time, each timing out. */
const leaseFor = (count: number) => Math.ceil(count / PER_ENDPOINT) * ATTEMPT_TIMEOUT_MS + 5_000;

/** One attempt for each due delivery among `deliveryIds`. */
export async function deliverBatch(deliveryIds: string[]): Promise<BatchResult> {
  const claimed = await claim({ ids: deliveryIds }, leaseFor(deliveryIds.length));
  return { ...(await attemptClaimed(claimed)), skipped: deliveryIds.length - claimed.length };
}

/** One attempt for each of an endpoint's oldest due deliveries (at most DELIVERY_BATCH); `claimed` 0: none was due. */
export async function deliverDue(endpointId: string): Promise<Omit<BatchResult, "skipped"> & { claimed: number }> {
  const claimed = await claim({ endpointId }, leaseFor(DELIVERY_BATCH));
  return { ...(await attemptClaimed(claimed)), claimed: claimed.length };
}

async function attemptClaimed(claimed: Claimed[]): Promise<Omit<BatchResult, "skipped">> {
  if (claimed.length === 0) return { succeeded: 0, retrying: 0, dead: 0 };
  const attempts = await attemptAll(claimed);
  const { result, retries } = await record(attempts);
  // The outcomes are recorded; a failure here must not keep the retries below from being queued.
  await noteEndpointHealth(attempts).catch((error: Error) => log.warn({ err: error.message }, "could not update webhook endpoint health; the next batch will"));
  for (const outcome of ["succeeded", "retrying", "dead"] as const) if (result[outcome]) metrics().deliveries.inc({ outcome }, result[outcome]);
  // If Redis is away now, the sweep finds these when they fall due.
  await enqueueBulkAfterCommit(
    "deliver",
    retries.map((r) => ({
      payload: { v: 1, deliveryIds: [r.id], endpointId: r.endpointId },
      options: { tag: `a${r.attemptNo}`, delay: Math.max(0, r.at.getTime() - Date.now()) },
    })),
  );
  return result;
}

/**
 * The jobs for these deliveries: one endpoint's deliveries each, at most DELIVERY_BATCH per job;
 * `tag` makes the job ids unique to this occasion (a dispatch, a sweep, a replay).
 */
export function deliveryJobs(deliveries: QueuedDelivery[], tag: string) {
  const byEndpoint = new Map<string, string[]>();
  for (const { id, endpointId } of deliveries) {
    const ids = byEndpoint.get(endpointId);
    if (ids) ids.push(id);
    else byEndpoint.set(endpointId, [id]);
  }
  const jobs = [];
  for (const [endpointId, ids] of byEndpoint) {
    for (let i = 0; i < ids.length; i += DELIVERY_BATCH) {
      jobs.push({ payload: { v: 1 as const, deliveryIds: ids.slice(i, i + DELIVERY_BATCH), endpointId }, options: { tag } });
    }
  }
  return jobs;
}

/** Queues deliveryJobs (throws if Redis is away). */
export async function queueDeliveries(deliveries: QueuedDelivery[], tag: string): Promise<void> {
  await enqueueBulk("deliver", deliveryJobs(deliveries, tag));
}
