import { z } from "zod";
import { defineQueue, retried } from "@/lib/jobs/define-queue";

// Every queue in one registry: its payload schema (small, versioned: a field added later is
// optional), job options, concurrency and the unit of work its job ids name. Adding a queue is
// one entry here plus its processor in workers/registry.ts (the type checker asks for it).
// BullMQ is the only retry layer. Enqueue with lib/jobs/enqueue.ts.

export const QUEUES = {
  import: defineQueue({
    payload: z.object({ v: z.literal(1), runId: z.string() }),
    jobOptions: retried(3, 5_000, 1000),
    concurrency: 2,
    workOf: (payload) => payload.runId,
  }),
  stage: defineQueue({
    payload: z.object({
      v: z.literal(1),
      runId: z.string(),
      stage: z.enum(["extract_signals", "qualify", "draft_email"]),
      runLeadIds: z.array(z.string()).min(1).max(1000),
      batch: z.string(),
    }),
    jobOptions: retried(8, 2_000, 5000),
    concurrency: 4,
    workOf: (payload) => payload.runId,
  }),
  send: defineQueue({
    payload: z.object({ v: z.literal(1), draftId: z.string() }),
    jobOptions: retried(10, 5_000, 5000),
    concurrency: 8,
    workOf: (payload) => payload.draftId,
  }),
  track: defineQueue({
    payload: z.object({ v: z.literal(1), replyId: z.string() }),
    jobOptions: retried(5, 2_000, 5000),
    concurrency: 4,
    workOf: (payload) => payload.replyId,
    // A provider that cannot answer now: the reply waits as long as it asked, it is never dropped.
    delayOnRetryLater: true,
  }),
  deliver: defineQueue({
    // Retries between attempts are the delivery's own schedule (delayed jobs); BullMQ's attempts
    // here only cover a crash of the processor itself. Each job is a batch of up to 100.
    payload: z.object({ v: z.literal(1), deliveryIds: z.array(z.string()).min(1).max(500) }),
    jobOptions: retried(3, 1_000, 10_000),
    concurrency: 8,
    workOf: (payload) => payload.deliveryIds[0],
  }),
  housekeeping: defineQueue({
    payload: z.object({
      v: z.literal(1),
      task: z.enum(["purge-idempotency-keys", "resume-runs", "resume-deliveries"]),
    }),
    jobOptions: retried(3, 10_000, 100),
    concurrency: 1,
  }),
};

export type QueueName = keyof typeof QUEUES;
export type QueuePayload<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]["payload"]>;

export const QUEUE_PREFIX = "leadpipe";

