import type { JobsOptions } from "bullmq";
import type { z } from "zod";

/**
 * One queue's contract, declared once in lib/queues.ts: the zod schema of its (small, versioned)
 * payload, its job options, how many jobs one worker runs at once, how its job ids are built and
 * which rows a job works on. The worker validates every payload against `payload` before its
 * processor sees it (lib/jobs/consume.ts).
 */
export type QueueDefinition<P extends z.ZodType = z.ZodType> = {
  payload: P;
  jobOptions: JobsOptions;
  /** Jobs one worker process runs at once. */
  concurrency: number;
  /**
   * The job's id: adding the same payload with the same `tag` (the occasion: a sweep's minute, a
   * retry, an attempt number) adds one job, however often. Undefined lets BullMQ choose.
   */
  jobId?: (payload: z.infer<P>, tag?: string) => string;
  /** The rows (run, draft, reply, delivery ids) a job works on: recovery asks which are still queued. */
  work?: (payload: z.infer<P>) => string[];
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

/** Dot-joined job id parts, leaving out an absent tag. */
export function joinId(...parts: (string | undefined)[]): string {
  return parts.filter((part) => part !== undefined && part !== "").join(".");
}

/**
 * Thrown by work that cannot go on now but will later (a provider answering 429 or 5xx): on a
 * queue with `delayOnRetryLater`, the job waits `retryAfterMs` without using up an attempt.
 */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super(message);
  }
}
