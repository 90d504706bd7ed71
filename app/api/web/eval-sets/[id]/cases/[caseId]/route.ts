import { removeEvalCase } from "@/lib/evals/eval-sets";
import { EvalCaseIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Removing one of the workspace's own cases needs reviewer (built-in cases: 403).
export const DELETE = webRoute({
  role: "reviewer",
  params: EvalCaseIdParam,
  status: 204,
  handler: ({ session, actor, params }) => removeEvalCase(session.workspace.id, params.id, params.caseId, actor),
});
