import { sql } from "@/lib/db";
import { log } from "@/lib/log";
import type { QueuePayload } from "@/lib/queues";
import { DELIVERY_STATUS } from "@/lib/statuses";
import { deliverBatch, deliverDue, DELIVERY_BATCH, dueClause, queueDeliveries, type BatchResult } from "@/lib/webhooks/deliver";
import { isProvenHealthy } from "@/lib/webhooks/endpoint-health";

// Fairness between endpoints. Every `deliver` job carries one endpoint's deliveries, and a worker
// runs at most LANES_PER_ENDPOINT jobs for one endpoint at a time. A job for an endpoint whose lanes
// are all busy does not wait: it returns at once and leaves its deliveries pending in PostgreSQL,
// and the busy lane takes them (the endpoint's due deliveries, oldest first) when its batch ends.
// So an endpoint that hangs holds at most its own lanes (each batch waits out the 10 s attempt
// limit), its backlog waits in PostgreSQL, not in the queue, and every other endpoint's jobs find
// free slots. A lane gives its slot back after LANE_BUDGET_MS, queueing one job that carries the
// endpoint's next due deliveries on, so a shutdown or a long backlog never keeps a slot for good.
// An endpoint gets one lane until a batch to it has a success (in this process), and again from the
// first batch that fails entirely: an endpoint that never answers never opens more than one.

export const LANES_PER_ENDPOINT = 4;
const LANE_BUDGET_MS = 30_000;

type Lane = { running: number; deferred: boolean };
const lanes = new Map<string, Lane>();
let stopping = false;

/** Called at shutdown: running lanes finish their batch and hand what is left to the queue. */
export function stopLanes() {
  stopping = true;
}

async function dueDeliveryIds(endpointId: string): Promise<string[]> {
  const { rows } = await sql().query<{ id: string }>(
    `SELECT id FROM deliveries WHERE "endpointId" = $1 AND ${dueClause("$3")}
      ORDER BY "nextAttemptAt" NULLS FIRST LIMIT $2`,
    [endpointId, DELIVERY_BATCH, DELIVERY_STATUS.pending],
  );
  return rows.map((row) => row.id);
}

export type LaneResult = BatchResult & { deferred: boolean };

export async function deliverInLane(endpointId: string, deliveryIds: string[]): Promise<LaneResult> {
  let lane = lanes.get(endpointId);
  if (!lane) lanes.set(endpointId, (lane = { running: 0, deferred: false }));
  if (lane.running >= (isProvenHealthy(endpointId) ? LANES_PER_ENDPOINT : 1)) {
    lane.deferred = true;
    return { succeeded: 0, retrying: 0, dead: 0, skipped: deliveryIds.length, deferred: true };
  }
  lane.running++;
  const started = Date.now();
  try {
    const total: LaneResult = { ...(await deliverBatch(deliveryIds)), deferred: false };
    // Work was left to this lane: take the endpoint's due deliveries until none is left (each claim
    // takes rows no other lane holds), or hand over after the budget.
    while (lane.deferred) {
      lane.deferred = false;
      if (stopping || Date.now() - started > LANE_BUDGET_MS) {
        const ids = await dueDeliveryIds(endpointId);
        // One job carries on (here or in another worker) with the next due deliveries.
        if (ids.length) {
          lane.deferred = true; // whoever takes the job (or the next job here) goes on draining
          await queueDeliveries(
            ids.map((id) => ({ id, endpointId })),
            `lane-${Date.now()}`,
          ).catch((error: Error) => log.warn({ endpoint: endpointId, err: error.message }, "could not hand a lane over; the sweep will find its deliveries"));
        }
        break;
      }
      const result = await deliverDue(endpointId);
      for (const key of ["succeeded", "retrying", "dead"] as const) total[key] += result[key];
      if (result.claimed > 0) lane.deferred = true; // more may be due behind these
    }
    return total;
  } finally {
    lane.running--;
    if (lane.running === 0 && !lane.deferred) lanes.delete(endpointId);
  }
}

/** One `deliver` job: in its endpoint's lane, or as a plain batch for jobs queued before lanes existed. */
export async function deliverJob({ deliveryIds, endpointId }: QueuePayload<"deliver">): Promise<BatchResult> {
  return endpointId ? deliverInLane(endpointId, deliveryIds) : deliverBatch(deliveryIds);
}
