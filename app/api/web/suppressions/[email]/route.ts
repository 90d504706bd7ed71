import { RemoveSuppressionQuery, removeSuppression, SuppressionEmailWebParams } from "@/lib/suppressions/suppression-list";
import { webRoute } from "@/lib/web/web-route";

// Remove an address from the list (audited with the reason given in the confirmation).
export const DELETE = webRoute({
  role: "admin",
  status: 204,
  params: SuppressionEmailWebParams,
  query: RemoveSuppressionQuery,
  handler: ({ session, actor, params, query }) => removeSuppression(session.workspace.id, params.email, query.reason, actor),
});
