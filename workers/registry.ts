import type { ProcessFn } from "@/lib/jobs/consume";
import type { QueueName } from "@/lib/queues";
import { processDeliver } from "./processors/deliver";
import { processEvaluate } from "./processors/evaluate";
import { processHousekeeping } from "./processors/housekeeping";
import { processImport } from "./processors/import";
import { processReconcile } from "./processors/reconcile";
import { processReplay } from "./processors/replay";
import { processSend } from "./processors/send";
import { processStage } from "./processors/stage";
import { processTrack } from "./processors/track";

// One processor per queue of lib/queues.ts (a queue without one does not type-check); its
// concurrency is the registry's. workers/index.ts starts a BullMQ Worker for each, validating
// payloads before they get here (lib/jobs/consume.ts).
export const PROCESSORS: { [Q in QueueName]: ProcessFn<Q> } = {
  import: processImport,
  stage: processStage,
  send: processSend,
  track: processTrack,
  deliver: processDeliver,
  evaluate: processEvaluate,
  replay: processReplay,
  reconcile: processReconcile,
  housekeeping: processHousekeeping,
};

// Repeating jobs the worker keeps scheduled (upserted at start, so several workers agree).
export const SCHEDULES = [
  { queue: "housekeeping", id: "purge-idempotency-keys", everyMs: 60 * 60 * 1000, payload: { v: 1, task: "purge-idempotency-keys" } },
  { queue: "housekeeping", id: "resume-runs", everyMs: 60 * 1000, payload: { v: 1, task: "resume-runs" } },
  { queue: "housekeeping", id: "resume-deliveries", everyMs: 60 * 1000, payload: { v: 1, task: "resume-deliveries" } },
  { queue: "housekeeping", id: "check-in-doubt-sends", everyMs: 5 * 60 * 1000, payload: { v: 1, task: "check-in-doubt-sends" } },
] as const;
