import { addSuppression, CreateSuppressionBody, listSuppressions, SuppressionsQuery } from "@/lib/suppressions/suppression-list";
import { webRoute } from "@/lib/web/web-route";

// The suppression list page: the same functions as /v1/suppressions.
export const GET = webRoute({ role: "viewer", query: SuppressionsQuery, handler: ({ session, query }) => listSuppressions(session.workspace.id, query) });
export const POST = webRoute({
  role: "admin",
  body: CreateSuppressionBody,
  handler: ({ session, actor, body }) => addSuppression(session.workspace.id, body, actor),
});
