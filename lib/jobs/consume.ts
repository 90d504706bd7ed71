import { DelayedError, UnrecoverableError, type Job, type Processor } from "bullmq";
import type { Logger } from "pino";
import { RetryLater } from "@/lib/jobs/define-queue";
import { log as defaultLog } from "@/lib/log";
import { QUEUES, type QueueName, type QueuePayload } from "@/lib/queues";

/** What a processor may know of its job besides the payload. */
export type JobContext = { id: string | undefined; attemptsMade: number; lastAttempt: boolean };

/** A processor: the payload is parsed; it calls one lib/ function and returns its result. */
export type ProcessFn<Q extends QueueName> = (payload: QueuePayload<Q>, job: JobContext) => Promise<unknown>;

/**
 * Wraps a queue's processor for a BullMQ Worker. The payload is validated against the registry
 * first: one that fails its schema fails the job at once, without retries (the same bytes would
 * fail again), with an error log line naming the queue, the job and what is wrong. On queues with
 * `delayOnRetryLater`, a RetryLater error puts the job back as delayed without using an attempt.
 */
export function consumer<Q extends QueueName>(name: Q, process: ProcessFn<Q>, log: Pick<Logger, "error"> = defaultLog): Processor {
  const definition = QUEUES[name];
  return async (job: Job, token?: string) => {
    const parsed = definition.payload.safeParse(job.data);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(payload)"}: ${issue.message}`).join("; ");
      log.error({ queue: name, job: job.id, problems }, "job payload fails its schema; the job fails without retries");
      throw new UnrecoverableError(`The ${name} payload fails its schema: ${problems}`);
    }
    const attempts = job.opts.attempts ?? 1;
    try {
      return await process(parsed.data as QueuePayload<Q>, { id: job.id, attemptsMade: job.attemptsMade, lastAttempt: job.attemptsMade + 1 >= attempts });
    } catch (error) {
      if (!(error instanceof RetryLater) || !("delayOnRetryLater" in definition && definition.delayOnRetryLater) || !token) throw error;
      await job.moveToDelayed(Date.now() + error.retryAfterMs, token);
      throw new DelayedError();
    }
  };
}
