import { listRunLeads, RunLeadsQuery } from "@/lib/runs/list-runs";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: RunIdParams,
  query: RunLeadsQuery,
  handler: ({ session, params, query }) => listRunLeads(session.workspace.id, params.id, query),
});
