import { RunIdParams } from "@/lib/runs/run-schemas";
import { getRunProgress } from "@/lib/runs/run-progress";
import { RenameRunBody, renameRun } from "@/lib/runs/run-name";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: RunIdParams, handler: ({ session, params }) => getRunProgress(session.workspace.id, params.id) });

// Rename from the run page's header (admin, as PATCH /v1/runs/{id}; audited).
export const PATCH = webRoute({
  role: "admin",
  params: RunIdParams,
  body: RenameRunBody,
  handler: async ({ session, actor, params, body }) => {
    await renameRun(session.workspace.id, params.id, body.name, actor);
    return getRunProgress(session.workspace.id, params.id);
  },
});
