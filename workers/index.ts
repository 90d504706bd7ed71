// The worker process: one BullMQ Worker per queue in lib/queues.ts, plus /healthz, /readyz and /metrics.
// SIGTERM/SIGINT: stop taking jobs and let in-flight ones finish; a second signal forces the stop
// and BullMQ hands unfinished jobs to another worker once their lock lapses (none is lost).
import { setFlagsFromString } from "node:v8";
import { loadEnv } from "@/lib/config/load-env";

// Peak memory (issue 35, docs/benchmarks.md): the worker's live heap is ~100–130 MB, but V8 lets the
// heap grow to several times that before its next full collection, and a run's batches allocate fast,
// so the process peaked at 430–660 MB, most of it garbage. A full collection once the heap is 60 %
// over what the last one kept holds a 10,000-lead run near 445 MB (30 % held it near 415 MB but cost
// speed). V8 reads this flag at each collection: setting it here, before anything loads, is enough.
setFlagsFromString("--heap-growing-percent=60");

process.env.LEADPIPE_PROCESS ??= "worker";
loadEnv();

const { exitOnInvalidConfig } = await import("@/lib/config/exit-on-invalid");
exitOnInvalidConfig();
const { config } = await import("@/lib/config");
const { wireSendHooks } = await import("@/lib/wiring/send-hooks");
wireSendHooks(); // the features' hooks on the send path (lib/sending/hooks.ts)

const { Worker } = await import("bullmq");
const { createRedis } = await import("@/lib/redis");
const { closeDb } = await import("@/lib/db");
const { log } = await import("@/lib/log");
const { metrics } = await import("@/lib/metrics/metrics");
const { QUEUES, QUEUE_PREFIX, closeQueues } = await import("@/lib/queues");
const { consumer } = await import("@/lib/jobs/consume");
const { PROCESSORS } = await import("./registry");
const { scheduleHousekeeping } = await import("@/lib/housekeeping/schedule");
const { startHealthServer } = await import("./health-server");
const { startOutboxLoop } = await import("./outbox-loop");
const { startIntakeLoop } = await import("@/lib/mailbox/intake-loop");
const { startSequenceLoop } = await import("@/lib/sequences/tick");
const { stopLanes } = await import("@/lib/webhooks/lanes");

const SHUTDOWN_GRACE_MS = 25_000;
let stopping = false;
const health = await startHealthServer(config().WORKER_PORT, () => stopping);

const workers = (Object.keys(PROCESSORS) as (keyof typeof PROCESSORS)[]).map((name) => {
  // A job whose worker died is handed out again once its lock lapses (renewed every 7.5 s while alive).
  // BullMQ's stalled check needs two passes to move such a job (one marks the active jobs, the next
  // moves those still unlocked), so it is every 5 s rather than every 15 s: a killed worker's job is
  // back at most 5 s after its lock lapsed (or after the restarted worker's first check) instead of
  // up to 15 s (issue 34: a crash should cost seconds). The lock itself stays 15 s, so a worker whose
  // event loop stalls for a few seconds under load does not lose its job to another.
  // Every processor is safe to repeat, so a job may survive several crashes of its workers before
  // BullMQ gives up on it (and the resume sweep finds its work from PostgreSQL even then).
  const run = consumer(name, PROCESSORS[name] as Parameters<typeof consumer>[1]);
  const worker = new Worker(name, run, {
    connection: createRedis("queue"),
    prefix: QUEUE_PREFIX,
    concurrency: QUEUES[name].concurrency,
    autorun: true,
    lockDuration: 15_000,
    stalledInterval: 5_000,
    maxStalledCount: 5,
  });
  worker.on("failed", (job, error) => {
    metrics().jobs.inc({ queue: name, outcome: "failed" });
    log.warn({ queue: name, job: job?.id, err: error.message }, "job failed");
  });
  worker.on("completed", () => metrics().jobs.inc({ queue: name, outcome: "completed" }));
  worker.on("error", (error) => log.error({ queue: name, err: error.message }, "worker error"));
  return worker;
});

scheduleHousekeeping();

const outbox = startOutboxLoop();
const intake = startIntakeLoop();
const sequences = startSequenceLoop();

log.info({ queues: Object.keys(PROCESSORS), port: config().WORKER_PORT }, "worker started");
console.log(`worker: ready, health on http://127.0.0.1:${config().WORKER_PORT}/readyz`);

async function shutdown(signal: string) {
  if (stopping) {
    log.warn({ signal }, "second signal: forcing stop; unfinished jobs return to the queue when their lock lapses");
    await Promise.allSettled(workers.map((worker) => worker.close(true)));
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, "stopping: finishing in-flight jobs");
  // Past the grace period, stop anyway: unfinished jobs go back to the queue when their lock lapses.
  const grace = setTimeout(() => void shutdown("grace period over"), SHUTDOWN_GRACE_MS);
  stopLanes(); // webhook lanes finish their batch and queue the rest for whoever runs next
  await Promise.allSettled([outbox.stop(), intake.stop(), sequences.stop(), ...workers.map((worker) => worker.close())]);
  clearTimeout(grace);
  await Promise.allSettled([closeQueues(), closeDb()]);
  health.close();
  console.log("worker: stopped");
  process.exit(0);
}

process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
