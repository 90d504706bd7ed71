import { Queue, type JobsOptions } from "bullmq";
import { z } from "zod";
import type { Redis } from "ioredis";
import { createRedis } from "@/lib/redis";

// Every queue in one registry: its name, the zod schema of its (small, versioned) payload and its
// job options. Processors live in workers/processors/<queue>.ts. BullMQ is the only retry layer.

/** Exponential backoff from `firstDelayMs`; the last `keep` finished jobs are kept for inspection. */
function retried(attempts: number, firstDelayMs: number, keep: number): JobsOptions {
  return { attempts, backoff: { type: "exponential", delay: firstDelayMs }, removeOnComplete: { count: keep }, removeOnFail: { count: keep } };
}

export const QUEUES = {
  import: {
    payload: z.object({ v: z.literal(1), runId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
  },
  stage: {
    payload: z.object({
      v: z.literal(1),
      runId: z.string(),
      stage: z.enum(["extract_signals", "qualify", "draft_email"]),
      runLeadIds: z.array(z.string()).min(1).max(1000),
      batch: z.string(),
    }),
    jobOptions: retried(8, 2_000, 5000),
  },
  send: {
    payload: z.object({ v: z.literal(1), draftId: z.string() }),
    jobOptions: retried(10, 5_000, 5000),
  },
  track: {
    // One reply (handed in over /v1), or a batch the mailbox read at once.
    payload: z.union([z.object({ v: z.literal(1), replyId: z.string() }), z.object({ v: z.literal(1), replyIds: z.array(z.string()).min(1).max(100) })]),
    jobOptions: retried(5, 2_000, 5000),
  },
  deliver: {
    // Retries between attempts are the delivery's own schedule (delayed jobs); BullMQ's attempts
    // here only cover a crash of the processor itself.
    // `endpointId`: the one endpoint of every delivery in the job (lib/webhooks/lanes.ts); jobs
    // queued before lanes existed lack it and are delivered as a plain batch.
    payload: z.object({ v: z.literal(1), deliveryIds: z.array(z.string()).min(1).max(500), endpointId: z.string().optional() }),
    jobOptions: retried(3, 1_000, 10_000),
  },
  evaluate: {
    // One evaluation run (lib/evals/evaluations.ts): every case of its set through one prompt version.
    payload: z.object({ v: z.literal(1), evaluationId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
  },
  replay: {
    // One behaviour diff (lib/replays/run-replay.ts): a run's last leads through one prompt version.
    payload: z.object({ v: z.literal(1), replayId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
  },
  housekeeping: {
    payload: z.object({
      v: z.literal(1),
      task: z.enum(["purge-idempotency-keys", "resume-runs", "resume-deliveries"]),
    }),
    jobOptions: retried(3, 10_000, 100),
  },
} as const;

export type QueueName = keyof typeof QUEUES;
export type QueuePayload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;

export const QUEUE_PREFIX = "leadpipe";

/** The states of a job that will still run (recovery sweeps leave work in them alone). */
export const LIVE_JOB_STATES = ["waiting", "active", "delayed", "prioritized", "waiting-children"] as const;

type OpenQueue = { queue: Queue; connection: Redis };
const globalForQueues = globalThis as unknown as { leadpipeQueues?: Map<QueueName, OpenQueue> };

export function queue<Q extends QueueName>(name: Q): Queue {
  globalForQueues.leadpipeQueues ??= new Map();
  let open = globalForQueues.leadpipeQueues.get(name);
  if (!open) {
    const connection = createRedis("queue");
    const created = new Queue(name, { connection, prefix: QUEUE_PREFIX, defaultJobOptions: QUEUES[name].jobOptions });
    created.on("error", () => undefined); // surfaced by the calls that fail
    open = { queue: created, connection };
    globalForQueues.leadpipeQueues.set(name, open);
  }
  return open.queue;
}

/** Validates the payload against the registry and adds the job. */
export async function enqueue<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, options: JobsOptions = {}) {
  const data = QUEUES[name].payload.parse(payload);
  return queue(name).add(name, data, options);
}

/** Validates every payload against the registry and adds the jobs in one round trip. */
export async function enqueueBulk<Q extends QueueName>(name: Q, jobs: { payload: QueuePayload<Q>; options?: JobsOptions }[]) {
  if (jobs.length === 0) return [];
  return queue(name).addBulk(jobs.map((job) => ({ name, data: QUEUES[name].payload.parse(job.payload), opts: job.options })));
}

export async function closeQueues(): Promise<void> {
  const open = [...(globalForQueues.leadpipeQueues?.values() ?? [])];
  globalForQueues.leadpipeQueues?.clear();
  await Promise.all(
    open.map(async ({ queue: q, connection }) => {
      await q.close();
      connection.disconnect();
    }),
  );
}
