import { Queue, type JobsOptions } from "bullmq";
import { z } from "zod";
import type { Redis } from "ioredis";
import { HOUSEKEEPING_TASK_NAMES } from "@/lib/jobs/housekeeping-tasks";
import { defineQueue, joinId, retried } from "@/lib/jobs/define-queue";
import { BATCH_STAGES } from "@/lib/lifecycle/stages";
import { log } from "@/lib/log";
import { createRedis } from "@/lib/redis";

// Every queue in one registry: its payload schema (small, versioned: a field added later is
// optional), job options, concurrency, job ids and the rows its jobs work on. Adding a queue is one
// entry here plus its processor in workers/registry.ts (the type checker asks for it). Callers
// never write job ids: they pass the payload and, where one payload is queued on several
// occasions, a `tag`. BullMQ is the only retry layer of jobs (docs/architecture.md).

export const QUEUES = {
  import: defineQueue({
    payload: z.object({ v: z.literal(1), runId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
    concurrency: 2,
    jobId: (payload, tag) => joinId("import", payload.runId, tag),
    work: (payload) => [payload.runId],
  }),
  stage: defineQueue({
    payload: z.object({
      v: z.literal(1),
      runId: z.string(),
      stage: z.enum(BATCH_STAGES),
      runLeadIds: z.array(z.string()).min(1).max(1000),
      batch: z.string(),
    }),
    jobOptions: retried(8, 2_000, 5000),
    concurrency: 4,
    jobId: (payload) => joinId(payload.runId, payload.stage, payload.batch),
    work: (payload) => [payload.runId],
  }),
  send: defineQueue({
    payload: z.object({ v: z.literal(1), draftId: z.string() }),
    jobOptions: retried(10, 5_000, 5000),
    concurrency: 8,
    jobId: (payload, tag) => joinId("send", payload.draftId, tag),
    work: (payload) => [payload.draftId],
  }),
  sequence: defineQueue({
    // Leads of one run whose next sequence step is due, claimed by the scheduler's tick
    // (lib/sequences/tick.ts); the tag is the tick. Lost jobs: the claim's lease lapses and a later tick claims them again.
    payload: z.object({ v: z.literal(1), runId: z.string(), runLeadIds: z.array(z.string()).min(1).max(1000) }),
    jobOptions: retried(5, 5_000, 1000),
    concurrency: 4,
    jobId: (payload, tag) => joinId("sequence", payload.runId, payload.runLeadIds[0], tag),
    work: (payload) => payload.runLeadIds,
  }),
  track: defineQueue({
    // One reply (handed in over /v1), or a batch the mailbox read at once.
    payload: z.union([z.object({ v: z.literal(1), replyId: z.string() }), z.object({ v: z.literal(1), replyIds: z.array(z.string()).min(1).max(100) })]),
    jobOptions: retried(5, 2_000, 5000),
    concurrency: 4,
    jobId: (payload, tag) => joinId("track", "replyIds" in payload ? payload.replyIds[0] : payload.replyId, tag),
    work: (payload) => ("replyIds" in payload ? payload.replyIds : [payload.replyId]),
    // A provider that cannot answer now: the reply waits as long as it asked, it is never dropped.
    delayOnRetryLater: true,
  }),
  answer: defineQueue({
    // An answer draft for one reply track classified interested, meeting_request or question
    // (lib/replies/answer-reply.ts); queued after the track commit. A job run twice writes one draft.
    payload: z.object({ v: z.literal(1), replyId: z.string() }),
    jobOptions: retried(5, 2_000, 5000),
    concurrency: 2,
    jobId: (payload, tag) => joinId("answer", payload.replyId, tag),
    work: (payload) => [payload.replyId],
  }),
  deliver: defineQueue({
    // Retries between attempts are the delivery's own schedule (delayed jobs); BullMQ's attempts
    // here only cover a crash of the processor itself.
    // `endpointId`: the one endpoint of every delivery in the job (lib/webhooks/lanes.ts); jobs
    // queued before lanes existed lack it and are delivered as a plain batch.
    payload: z.object({ v: z.literal(1), deliveryIds: z.array(z.string()).min(1).max(500), endpointId: z.string().optional() }),
    jobOptions: retried(3, 1_000, 10_000),
    // Each job is up to 100 deliveries to one endpoint; an endpoint holds at most 4 of these slots
    // (lib/webhooks/lanes.ts), so a dozen hanging endpoints still leave most of them to the others.
    concurrency: 64,
    jobId: (payload, tag) => joinId(payload.deliveryIds[0], tag),
    work: (payload) => payload.deliveryIds,
  }),
  evaluate: defineQueue({
    // One evaluation run (lib/evals/evaluations.ts): every case of its set through one prompt version.
    payload: z.object({ v: z.literal(1), evaluationId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
    concurrency: 2,
    jobId: (payload) => `evaluate-${payload.evaluationId}`,
    work: (payload) => [payload.evaluationId],
  }),
  replay: defineQueue({
    // One behaviour diff (lib/replays/run-replay.ts): a run's last leads through one prompt version.
    payload: z.object({ v: z.literal(1), replayId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
    concurrency: 2,
    jobId: (payload) => `replay-${payload.replayId}`,
    work: (payload) => [payload.replayId],
  }),
  reconcile: defineQueue({
    // Looks for a workspace's in-doubt sends in its mailbox's Sent folder (lib/mailbox/sent-folder-check.ts):
    // queued when a send becomes in doubt (tag: the send) and by the `check-in-doubt-sends` sweep.
    payload: z.object({ v: z.literal(1), workspaceId: z.string() }),
    jobOptions: retried(3, 30_000, 1000),
    concurrency: 2,
    jobId: (payload, tag) => joinId("reconcile", payload.workspaceId, tag),
    work: (payload) => [payload.workspaceId],
  }),
  "spam-score": defineQueue({
    // Drafts written or edited a moment ago, scored by SpamAssassin off the drafting path
    // (lib/spam/score-draft.ts); the tag is the occasion (a write, an edit, the sweep's minute).
    payload: z.object({ v: z.literal(1), draftIds: z.array(z.string()).min(1).max(100) }),
    // Served after the drafts a reviewer is looking at (priority 1, queueSpamScoresFirst): spamd scores
    // a few messages a second, far fewer than a local-engine run drafts (docs/benchmarks.md).
    jobOptions: { ...retried(3, 5_000, 1000), priority: 10 },
    // spamd runs up to 4 children (scripts/lib/spamd.mjs): two jobs at once keep two of them busy.
    concurrency: 2,
    jobId: (payload, tag) => joinId("spam", payload.draftIds[0], tag),
    work: (payload) => payload.draftIds,
  }),
  housekeeping: defineQueue({
    // The worker's repeating system jobs: named, timed, scheduled and run in lib/housekeeping/.
    payload: z.object({
      v: z.literal(1),
      task: z.enum(HOUSEKEEPING_TASK_NAMES), // lib/jobs/housekeeping-tasks.ts
    }),
    jobOptions: retried(3, 10_000, 100),
    concurrency: 1,
  }),
};

export type QueueName = keyof typeof QUEUES;
export type QueuePayload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;
/** `tag`: the occasion, part of the job id (QueueDefinition.jobId); `delay` in ms; `priority`: BullMQ's, 1 served first (over the queue's default). */
export type EnqueueOptions = { tag?: string; delay?: number; priority?: number };

export const QUEUE_PREFIX = "leadpipe";

/** The states of a job that will still run (recovery sweeps leave work in them alone). */
export const LIVE_JOB_STATES = ["waiting", "active", "delayed", "prioritized", "waiting-children"] as const;

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

type Definition<Q extends QueueName> = {
  payload: z.ZodType<QueuePayload<Q>>;
  jobId?: (payload: QueuePayload<Q>, tag?: string) => string;
  work?: (payload: QueuePayload<Q>) => string[];
};
const definition = <Q extends QueueName>(name: Q) => QUEUES[name] as unknown as Definition<Q>;

/** The registry's job id for this payload and occasion (undefined: BullMQ chooses). */
export function jobIdOf<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, tag?: string): string | undefined {
  return definition(name).jobId?.(payload, tag);
}

function toJob<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, options: EnqueueOptions = {}) {
  const data = definition(name).payload.parse(payload);
  const opts: JobsOptions = {
    jobId: jobIdOf(name, data, options.tag),
    ...(options.delay ? { delay: options.delay } : {}),
    ...(options.priority ? { priority: options.priority } : {}),
  };
  return { name, data, opts };
}

/** Validates the payload against the registry and adds the job. */
export async function enqueue<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, options: EnqueueOptions = {}) {
  const job = toJob(name, payload, options);
  return queue(name).add(job.name, job.data, job.opts);
}

/** Validates every payload against the registry and adds the jobs in one round trip. */
export async function enqueueBulk<Q extends QueueName>(name: Q, jobs: { payload: QueuePayload<Q>; options?: EnqueueOptions }[]) {
  if (jobs.length === 0) return [];
  return queue(name).addBulk(jobs.map((job) => toJob(name, job.payload, job.options)));
}

/**
 * Queues work whose rows were just committed. If Redis is away, the rows stay as they are and a
 * recovery sweep (lib/housekeeping/resume-runs.ts, lib/webhooks/resume-deliveries.ts,
 * lib/evals/resume-queued.ts) queues the work within a minute or two, so the caller goes on: this
 * logs what was not queued and never throws. A payload that fails its schema still throws (a bug).
 */
export async function enqueueAfterCommit<Q extends QueueName>(name: Q, payload: QueuePayload<Q>, options: EnqueueOptions = {}): Promise<void> {
  await enqueueBulkAfterCommit(name, [{ payload, options }]);
}

/** enqueueAfterCommit for many jobs, in one round trip. */
export async function enqueueBulkAfterCommit<Q extends QueueName>(name: Q, jobs: { payload: QueuePayload<Q>; options?: EnqueueOptions }[]): Promise<void> {
  const built = jobs.map((job) => toJob(name, job.payload, job.options));
  if (built.length === 0) return;
  await queue(name)
    .addBulk(built)
    .catch((error: Error) => {
      log.warn(
        { queue: name, jobs: built.length, first: built[0].opts.jobId, err: error.message },
        "could not queue after commit; the recovery sweep will queue it",
      );
    });
}

/** The rows (see QueueDefinition.work) that the queue's waiting, delayed or active jobs still hold. */
export async function liveWork(name: QueueName): Promise<Set<string>> {
  const work = definition(name).work;
  if (!work) throw new Error(`The ${name} queue does not say what work its jobs hold.`);
  const jobs = await queue(name).getJobs([...LIVE_JOB_STATES], 0, -1);
  const held = new Set<string>();
  for (const job of jobs) {
    const parsed = job ? definition(name).payload.safeParse(job.data) : undefined;
    if (parsed?.success) for (const id of work(parsed.data)) held.add(id);
  }
  return held;
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
