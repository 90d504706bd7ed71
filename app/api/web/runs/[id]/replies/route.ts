import { listRunReplies, RunRepliesQuery } from "@/lib/replies/run-replies";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({
  role: "viewer",
  params: RunIdParams,
  query: RunRepliesQuery,
  handler: ({ session, params, query }) => listRunReplies(session.workspace.id, params.id, query),
});
