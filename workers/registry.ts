import type { Job } from "bullmq";
import type { QueueName } from "@/lib/queues";
import { processHousekeeping } from "./processors/housekeeping";

type Processor = (job: Job) => Promise<unknown>;

// One processor per queue; workers/index.ts starts a BullMQ Worker for each.
export const PROCESSORS: Record<QueueName, { process: Processor; concurrency: number }> = {
  housekeeping: { process: processHousekeeping as Processor, concurrency: 1 },
};

// Repeating jobs the worker keeps scheduled (upserted at start, so several workers agree).
export const SCHEDULES = [
  { queue: "housekeeping", id: "purge-idempotency-keys", everyMs: 60 * 60 * 1000, payload: { v: 1, task: "purge-idempotency-keys" } },
] as const;
