import type { ProcessFn } from "@/lib/jobs/consume";
import { runEvaluation } from "@/lib/evals/evaluations";

export const processEvaluate: ProcessFn<"evaluate"> = (payload) => runEvaluation(payload.evaluationId);
