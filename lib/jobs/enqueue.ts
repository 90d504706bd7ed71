import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import { log } from "@/lib/log";
import { QUEUE_PREFIX, QUEUES, type QueueName, type QueuePayload } from "@/lib/queues";
import { createRedis } from "@/lib/redis";

// Adding jobs. Payloads are checked against the registry (lib/queues.ts) and job ids are built by
// it: `<queue>.<work>[.<tag>]`, where `work` is the row the job is for and `tag` names the occasion
// (a resume sweep, a retry attempt, a batch). The same work and tag adds one job, however often.

export type EnqueueOptions = { tag?: string; delay?: number };

type OpenQueue = { queue: Queue; connection: Redis };
const globalForQueues = globalThis as unknown as { leadpipeQueues?: Map<QueueName, OpenQueue> };

export function queue(name: QueueName): Queue {
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

/** The registry's job id for this payload (undefined for queues that let BullMQ choose). */
export function jobId<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, tag?: string): string | undefined {
  const workOf = QUEUES[name].workOf as ((payload: QueuePayload<Q>) => string) | undefined;
  if (!workOf) return undefined;
  const work = workOf(payload);
  if (work.includes(".")) throw new Error(`${name}: the work id "${work}" must not contain a dot`);
  return tag ? `${name}.${work}.${tag}` : `${name}.${work}`;
}

/** The work (run, draft, reply ids) that a queue still holds a waiting, delayed or active job for. */
export async function liveWork(name: QueueName): Promise<Set<string>> {
  const ids = await queue(name).getRanges(["waiting", "active", "delayed", "prioritized", "waiting-children"], 0, -1);
  // The inverse of jobId(): the part after `<queue>.`, up to the next dot.
  return new Set(ids.filter((id) => id.startsWith(`${name}.`)).map((id) => id.split(".")[1]));
}

function parse<Q extends QueueName>(name: Q, payload: QueuePayload<Q>): QueuePayload<Q> {
  return QUEUES[name].payload.parse(payload) as QueuePayload<Q>;
}

/** Validates the payload against the registry and adds the job. */
export async function enqueue<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, options: EnqueueOptions = {}) {
  const data = parse(name, payload);
  return queue(name).add(name, data, { jobId: jobId(name, data, options.tag), delay: options.delay });
}

/** Validates every payload against the registry and adds the jobs in one round trip. */
export async function enqueueBulk<Q extends QueueName>(name: Q, jobs: { payload: QueuePayload<Q>; options?: EnqueueOptions }[]) {
  if (jobs.length === 0) return [];
  return queue(name).addBulk(
    jobs.map((job) => {
      const data = parse(name, job.payload);
      return { name, data, opts: { jobId: jobId(name, data, job.options?.tag), delay: job.options?.delay } };
    }),
  );
}

/**
 * Queues work whose rows were just committed. If Redis is away the rows stay as they are and the
 * worker's recovery sweep (lib/pipeline/resume-runs.ts, lib/webhooks/resume-deliveries.ts) queues
 * the work within a minute, so the caller goes on: this logs what was not queued and never throws.
 */
export async function enqueueAfterCommit<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, options: EnqueueOptions = {}): Promise<void> {
  await enqueue(name, payload, options).catch((error: Error) => {
    log.warn({ queue: name, job: jobId(name, payload, options.tag), err: error.message }, "could not queue after commit; the recovery sweep will queue it");
  });
}

/** enqueueAfterCommit for many jobs in one round trip. */
export async function enqueueBulkAfterCommit<Q extends QueueName>(name: Q, jobs: { payload: QueuePayload<Q>; options?: EnqueueOptions }[]): Promise<void> {
  await enqueueBulk(name, jobs).catch((error: Error) => {
    const first = jobs[0] && jobId(name, jobs[0].payload, jobs[0].options?.tag);
    log.warn({ queue: name, jobs: jobs.length, first, err: error.message }, "could not queue after commit; the recovery sweep will queue them");
  });
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
