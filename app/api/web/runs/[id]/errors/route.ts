import { ListQuery } from "@/lib/http/pagination";
import { listRunErrors } from "@/lib/runs/list-runs";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: RunIdParams,
  query: ListQuery,
  handler: ({ session, params, query }) => listRunErrors(session.workspace.id, params.id, query),
});
