import { getEvalSet } from "@/lib/evals/eval-sets";
import { EvalSetIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: EvalSetIdParam, handler: ({ session, params }) => getEvalSet(session.workspace.id, params.id) });
