import { listRuns, RunsQuery } from "@/lib/runs/list-runs";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", query: RunsQuery, handler: ({ session, query }) => listRuns(session.workspace.id, query) });
