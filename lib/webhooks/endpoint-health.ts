import { recordAudit } from "@/lib/audit/record-audit";
import { config } from "@/lib/config";
import { db, sql } from "@/lib/db";
import { log } from "@/lib/log";
import { DELIVERY_STATUS } from "@/lib/statuses";

// An endpoint's health, kept by the worker after each batch of attempts. `failingSince` is the start
// of the first failed attempt since the endpoint's last successful one (null while it succeeds). An
// endpoint whose attempts have all failed for WEBHOOK_DISABLE_AFTER_SECONDS (0 = never) is disabled
// with reason `failing`: its pending deliveries are dead-lettered (replayable once it is enabled
// again) and the change is an audit entry by the system. An admin re-enables it (PATCH enabled).

/** The outcome deliver.ts records for a delivery to an endpoint that is already disabled: not an attempt. */
export const NOT_ATTEMPTED = "endpoint disabled";
const SYSTEM = { type: "system" as const, id: "webhook-health", name: "Webhook health check" };

type Outcome = { endpointId: string; startedAt: Date; wasFailing: boolean; outcome: { ok: boolean; error: string | null } };

// Endpoints whose last batch in this process had a success: lanes.ts gives them several lanes. An
// endpoint not seen to succeed yet, or whose last batch failed entirely, gets one, so a dead
// endpoint costs little while it is retried.
const healthyHere = new Set<string>();
export const isProvenHealthy = (endpointId: string) => healthyHere.has(endpointId);

export async function noteEndpointHealth(attempts: Outcome[]): Promise<void> {
  const succeeded = new Set<string>();
  const recovered = new Set<string>(); // succeeded, and marked failing when the batch began
  const firstFailure = new Map<string, Date>();
  for (const { endpointId, startedAt, wasFailing, outcome } of attempts) {
    if (outcome.ok && wasFailing) recovered.add(endpointId);
    if (outcome.ok) succeeded.add(endpointId);
    else if (outcome.error !== NOT_ATTEMPTED) {
      const earliest = firstFailure.get(endpointId);
      if (!earliest || startedAt < earliest) firstFailure.set(endpointId, startedAt);
    }
  }
  if (recovered.size) await sql().query(`UPDATE webhook_endpoints SET "failingSince" = NULL WHERE id = ANY($1)`, [[...recovered]]);
  const failing = [...firstFailure].filter(([id]) => !succeeded.has(id));
  for (const id of succeeded) healthyHere.add(id);
  for (const [id] of failing) healthyHere.delete(id);
  if (failing.length === 0) return;
  await sql().query(
    `UPDATE webhook_endpoints w SET "failingSince" = f.since FROM unnest($1::text[], $2::timestamptz[]) AS f(id, since)
      WHERE w.id = f.id AND w.enabled AND w."failingSince" IS NULL`,
    [failing.map(([id]) => id), failing.map(([, since]) => since)],
  );
  await disableFailingEndpoints(failing.map(([id]) => id));
}

/** Disables those of `endpointIds` that have failed for the configured period; returns their ids. */
export async function disableFailingEndpoints(endpointIds: string[]): Promise<string[]> {
  const afterSeconds = config().WEBHOOK_DISABLE_AFTER_SECONDS;
  if (afterSeconds === 0 || endpointIds.length === 0) return [];
  const threshold = new Date(Date.now() - afterSeconds * 1000);
  const due = await db().webhookEndpoint.findMany({ where: { id: { in: endpointIds }, enabled: true, failingSince: { lte: threshold } } });
  const disabled: string[] = [];
  for (const endpoint of due) {
    const done = await db().$transaction(async (tx) => {
      const now = new Date();
      // Guarded: another worker may have disabled it first, or an admin changed it meanwhile.
      const { count } = await tx.webhookEndpoint.updateMany({
        where: { id: endpoint.id, enabled: true, failingSince: { lte: threshold } },
        data: { enabled: false, disabledReason: "failing", disabledAt: now },
      });
      if (count === 0) return false;
      const dead = await tx.delivery.updateMany({
        where: { endpointId: endpoint.id, status: DELIVERY_STATUS.pending },
        data: { status: DELIVERY_STATUS.dead, deadLetteredAt: now, nextAttemptAt: null, lastError: "endpoint disabled after continuous failure" },
      });
      await recordAudit(tx, {
        workspaceId: endpoint.workspaceId,
        actor: SYSTEM,
        action: "webhook.endpoint_disabled",
        target: { type: "webhook_endpoint", id: endpoint.id },
        data: {
          reason: "failing",
          url: endpoint.url,
          failing_since: endpoint.failingSince!.toISOString(),
          disable_after_seconds: afterSeconds,
          dead_lettered: dead.count,
        },
      });
      return true;
    });
    if (!done) continue;
    disabled.push(endpoint.id);
    log.warn(
      { endpoint: endpoint.id, workspace: endpoint.workspaceId, failingSince: endpoint.failingSince },
      "webhook endpoint disabled after continuous failure",
    );
  }
  return disabled;
}
