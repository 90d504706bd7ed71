import type { Job } from "bullmq";
import type { QueueName } from "@/lib/queues";
import { processDeliver } from "./processors/deliver";
import { processEvaluate } from "./processors/evaluate";
import { processHousekeeping } from "./processors/housekeeping";
import { processImport } from "./processors/import";
import { processReplay } from "./processors/replay";
import { processSend } from "./processors/send";
import { processStage } from "./processors/stage";
import { processTrack } from "./processors/track";

type Processor = (job: Job) => Promise<unknown>;

// One processor per queue; workers/index.ts starts a BullMQ Worker for each.
export const PROCESSORS: Record<QueueName, { process: Processor; concurrency: number }> = {
  import: { process: processImport as Processor, concurrency: 2 },
  stage: { process: processStage as Processor, concurrency: 4 },
  send: { process: processSend as Processor, concurrency: 8 },
  track: { process: processTrack as Processor, concurrency: 4 },
  // Each job is up to 100 deliveries to one endpoint; an endpoint holds at most 4 of these slots
  // (lib/webhooks/lanes.ts), so a dozen hanging endpoints still leave most of them to the others.
  deliver: { process: processDeliver as Processor, concurrency: 64 },
  evaluate: { process: processEvaluate as Processor, concurrency: 2 },
  replay: { process: processReplay as Processor, concurrency: 2 },
  housekeeping: { process: processHousekeeping as Processor, concurrency: 1 },
};

// Repeating jobs the worker keeps scheduled (upserted at start, so several workers agree).
export const SCHEDULES = [
  { queue: "housekeeping", id: "purge-idempotency-keys", everyMs: 60 * 60 * 1000, payload: { v: 1, task: "purge-idempotency-keys" } },
  { queue: "housekeeping", id: "resume-runs", everyMs: 60 * 1000, payload: { v: 1, task: "resume-runs" } },
  { queue: "housekeeping", id: "resume-deliveries", everyMs: 60 * 1000, payload: { v: 1, task: "resume-deliveries" } },
] as const;
