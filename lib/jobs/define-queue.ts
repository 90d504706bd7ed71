import type { JobsOptions } from "bullmq";
import type { z } from "zod";

/**
 * One queue's contract, declared once in lib/queues.ts: the zod schema of its (small, versioned)
 * payload, its job options, how many jobs one worker runs at once, and the unit of work a job is
 * for. The worker validates every payload against `payload` before its processor sees it.
 */
export type QueueDefinition<P extends z.ZodType = z.ZodType> = {
  payload: P;
  jobOptions: JobsOptions;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  /**
   * The id of the row a job works on (a run, a draft, a reply, a delivery). Job ids are built from
   * it by the registry (`<queue>.<work>[.<tag>]`), so adding the same work twice adds one job, and
   * the recovery sweep asks the queue what work it still holds (`liveWork`). Queues without it get
   * BullMQ's own ids.
   */
  workOf?: (payload: z.infer<P>) => string;
  /** A `RetryLater` error puts the job back as delayed for as long as it asks, using no attempt. */
  delayOnRetryLater?: boolean;
};

export function defineQueue<P extends z.ZodType>(definition: QueueDefinition<P>): QueueDefinition<P> {
  return definition;
}

/** Exponential backoff from `firstDelayMs`; the last `keep` finished jobs are kept for inspection. */
export function retried(attempts: number, firstDelayMs: number, keep: number): JobsOptions {
  return { attempts, backoff: { type: "exponential", delay: firstDelayMs }, removeOnComplete: { count: keep }, removeOnFail: { count: keep } };
}

/**
 * Thrown by work that cannot go on now but will later (a provider answering 429 or 5xx): on a
 * queue with `delayOnRetryLater`, the job waits `retryAfterMs` without using up an attempt.
 */
export class RetryLater extends Error {
  constructor(message: string, readonly retryAfterMs: number) {
    super(message);
  }
}
