import type { ProcessFn } from "@/lib/jobs/consume";
import type { QueueName } from "@/lib/queues";
import { processDeliver } from "./processors/deliver";
import { processEvaluate } from "./processors/evaluate";
import { processHousekeeping } from "./processors/housekeeping";
import { processImport } from "./processors/import";
import { processReconcile } from "./processors/reconcile";
import { processReplay } from "./processors/replay";
import { processSend } from "./processors/send";
import { processSequence } from "./processors/sequence";
import { processSpamScore } from "./processors/spam-score";
import { processStage } from "./processors/stage";
import { processTrack } from "./processors/track";
import { processAnswer } from "./processors/answer";

// One processor per queue of lib/queues.ts (a queue without one does not type-check); its
// concurrency is the registry's. workers/index.ts starts a BullMQ Worker for each, validating
// payloads before they get here (lib/jobs/consume.ts).
export const PROCESSORS: { [Q in QueueName]: ProcessFn<Q> } = {
  import: processImport,
  stage: processStage,
  send: processSend,
  sequence: processSequence,
  track: processTrack,
  answer: processAnswer,
  deliver: processDeliver,
  evaluate: processEvaluate,
  replay: processReplay,
  reconcile: processReconcile,
  "spam-score": processSpamScore,
  housekeeping: processHousekeeping,
};
