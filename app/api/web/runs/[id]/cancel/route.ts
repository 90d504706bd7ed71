import { cancelRun } from "@/lib/runs/cancel-run";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

export const POST = webRoute({
  role: "admin",
  params: RunIdParams,
  handler: ({ session, params, actor }) => cancelRun(session.workspace.id, params.id, actor),
});
