import { Queue, type JobsOptions } from "bullmq";
import { z } from "zod";
import type { Redis } from "ioredis";
import { createRedis } from "@/lib/redis";

// Every queue in one registry: its name, the zod schema of its (small, versioned) payload and its
// job options. Processors live in workers/processors/<queue>.ts. BullMQ is the only retry layer.

export const QUEUES = {
  import: {
    payload: z.object({ v: z.literal(1), runId: z.string() }),
    jobOptions: {
      attempts: 3,
      backoff: { type: "exponential", delay: 5_000 },
      removeOnComplete: { count: 1000 },
      removeOnFail: { count: 1000 },
    } satisfies JobsOptions,
  },
  stage: {
    payload: z.object({
      v: z.literal(1),
      runId: z.string(),
      stage: z.enum(["extract_signals", "qualify", "draft_email"]),
      runLeadIds: z.array(z.string()).min(1).max(1000),
      batch: z.string(),
    }),
    jobOptions: {
      attempts: 8,
      backoff: { type: "exponential", delay: 2_000 },
      removeOnComplete: { count: 5000 },
      removeOnFail: { count: 5000 },
    } satisfies JobsOptions,
  },
  send: {
    payload: z.object({ v: z.literal(1), draftId: z.string() }),
    jobOptions: {
      attempts: 10,
      backoff: { type: "exponential", delay: 5_000 },
      removeOnComplete: { count: 5000 },
      removeOnFail: { count: 5000 },
    } satisfies JobsOptions,
  },
  track: {
    payload: z.object({ v: z.literal(1), replyId: z.string() }),
    jobOptions: {
      attempts: 5,
      backoff: { type: "exponential", delay: 2_000 },
      removeOnComplete: { count: 5000 },
      removeOnFail: { count: 5000 },
    } satisfies JobsOptions,
  },
  housekeeping: {
    payload: z.object({
      v: z.literal(1),
      task: z.enum(["purge-idempotency-keys", "resume-runs"]),
    }),
    jobOptions: {
      attempts: 3,
      backoff: { type: "exponential", delay: 10_000 },
      removeOnComplete: { count: 100 },
      removeOnFail: { count: 500 },
    } satisfies JobsOptions,
  },
} as const;

export type QueueName = keyof typeof QUEUES;
export type QueuePayload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;

export const QUEUE_PREFIX = "leadpipe";

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
