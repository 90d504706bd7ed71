import { addEvalCase, AddEvalCaseBody } from "@/lib/evals/eval-sets";
import { EvalSetIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Adding a case needs reviewer, as POST /v1/eval-sets/{id}/cases.
export const POST = webRoute({
  role: "reviewer",
  params: EvalSetIdParam,
  body: AddEvalCaseBody,
  status: 201,
  handler: ({ session, actor, params, body }) => addEvalCase(session.workspace.id, params.id, body, actor),
});
