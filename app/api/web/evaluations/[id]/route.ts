import { getEvaluation } from "@/lib/evals/evaluations";
import { EvaluationIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: EvaluationIdParam, handler: ({ session, params }) => getEvaluation(session.workspace.id, params.id) });
