import { db } from "@/lib/db";
import { redis } from "@/lib/redis";

export type Check = { ok: true; latency_ms: number } | { ok: false; latency_ms: number; error: string };
export type Readiness = { ok: boolean; checks: { postgres: Check; redis: Check } };

const TIMEOUT_MS = 2_000;

async function timed(run: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS);
      }),
    ]);
    return { ok: true, latency_ms: Math.round(performance.now() - started) };
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { ok: false, latency_ms: Math.round(performance.now() - started), error: message || "unreachable" };
  } finally {
    clearTimeout(timer);
  }
}

async function pingRedis(): Promise<void> {
  const client = redis();
  if (client.status === "end") client.connect().catch(() => undefined);
  if (client.status !== "ready") {
    // Still (re)connecting: give it until the check's timeout, then let the error name the state.
    await new Promise<void>((resolve, reject) => {
      const onReady = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        client.off("ready", onReady);
        reject(new Error(`connection ${client.status}`));
      }, TIMEOUT_MS - 100);
      client.once("ready", onReady);
    });
  }
  await client.ping();
}

/** Is every backing service reachable right now? Used by /readyz on web and workers. */
export async function checkReadiness(): Promise<Readiness> {
  const [postgres, redisCheck] = await Promise.all([timed(() => db().$queryRaw`SELECT 1`), timed(pingRedis)]);
  return { ok: postgres.ok && redisCheck.ok, checks: { postgres, redis: redisCheck } };
}

/** The /readyz answer: 200 when ready, 503 problem+json naming what is down. */
export async function readinessResponse(): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const readiness = await checkReadiness();
  if (readiness.ok) {
    return { status: 200, headers: { "content-type": "application/json" }, body: { status: "ready", checks: readiness.checks } };
  }
  const down = Object.entries(readiness.checks)
    .filter(([, check]) => !check.ok)
    .map(([name, check]) => `${name === "postgres" ? "PostgreSQL" : "Redis"} unreachable (${(check as { error: string }).error})`);
  return {
    status: 503,
    headers: { "content-type": "application/problem+json", "retry-after": "5" },
    body: {
      type: "/docs/errors#service_unavailable",
      title: "Service unavailable",
      status: 503,
      code: "service_unavailable",
      detail: down.join("; "),
      checks: readiness.checks,
    },
  };
}
