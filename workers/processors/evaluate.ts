import type { Job } from "bullmq";
import { runEvaluation } from "@/lib/evals/evaluations";
import type { QueuePayload } from "@/lib/queues";

export async function processEvaluate(job: Job<QueuePayload<"evaluate">>) {
  return runEvaluation(job.data.evaluationId);
}
