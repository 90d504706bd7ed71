import { timingSafeEqual } from "node:crypto";
import { config } from "@/lib/config";
import { sql } from "@/lib/db";
import { metrics } from "@/lib/metrics/metrics";
import { queue, QUEUES, type QueueName } from "@/lib/queues";

const STATES = ["waiting", "active", "delayed", "failed"] as const;

/** Reads the gauges that are cheaper to ask for at scrape time than to keep up to date. */
async function refreshGauges() {
  const m = metrics();
  await Promise.all(
    (Object.keys(QUEUES) as QueueName[]).map(async (name) => {
      const counts = await queue(name).getJobCounts(...STATES);
      for (const state of STATES) m.queueJobs.set({ queue: name, state }, counts[state] ?? 0);
    }),
  );
  const { rows } = await sql().query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE "dispatchedAt" IS NULL`);
  m.outboxPending.set(Number(rows[0].n));
}

function tokenMatches(authorization: string | null, token: string): boolean {
  const given = Buffer.from(authorization ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The /metrics answer in Prometheus' text format. Only a request carrying METRICS_TOKEN as a bearer
 * token gets them; on the web process (the public port) /metrics is refused while no token is set,
 * on the worker's port (an ops port) it is open then. If Redis or PostgreSQL is away, the gauges
 * keep their last values and the rest is still served.
 */
export async function scrapeMetrics(
  authorization: string | null,
  { publicPort }: { publicPort: boolean },
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const token = config().METRICS_TOKEN;
  if (!token && publicPort) {
    return {
      status: 401,
      headers: { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' },
      body: "metrics on the web port need METRICS_TOKEN to be set, and that token as the bearer token\n",
    };
  }
  if (token && !tokenMatches(authorization, token)) {
    return {
      status: 401,
      headers: { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' },
      body: "metrics need the bearer token set in METRICS_TOKEN\n",
    };
  }
  await Promise.race([refreshGauges(), new Promise((resolve) => setTimeout(resolve, 2_000))]).catch(() => undefined);
  const { registry } = metrics();
  return { status: 200, headers: { "content-type": registry.contentType }, body: await registry.metrics() };
}
