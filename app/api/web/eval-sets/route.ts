import { createEvalSet, CreateEvalSetBody, listEvalSets } from "@/lib/evals/eval-sets";
import { webRoute } from "@/lib/web/web-route";

// Eval sets for /prompts/evals: listing is for everyone, creating needs admin (as POST /v1/eval-sets).
export const GET = webRoute({ role: "viewer", handler: ({ session }) => listEvalSets(session.workspace.id) });
export const POST = webRoute({
  role: "admin",
  body: CreateEvalSetBody,
  status: 201,
  handler: ({ session, actor, body }) => createEvalSet(session.workspace.id, body, actor),
});
