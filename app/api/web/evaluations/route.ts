import { createEvaluation, CreateEvaluationBody } from "@/lib/evals/evaluations";
import { webRoute } from "@/lib/web/web-route";

// Starting an evaluation needs reviewer, as POST /v1/evaluations; the worker does it.
export const POST = webRoute({
  role: "reviewer",
  body: CreateEvaluationBody,
  status: 201,
  handler: ({ session, actor, body }) => createEvaluation(session.workspace.id, body, actor),
});
