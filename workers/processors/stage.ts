import type { ProcessFn } from "@/lib/jobs/consume";
import { runStageBatch } from "@/lib/pipeline/run-stage-batch";

export const processStage: ProcessFn<"stage"> = (payload, job) => runStageBatch(payload, job.attemptsMade);
