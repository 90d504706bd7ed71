import { RunIdParams } from "@/lib/runs/run-schemas";
import { getRunProgress } from "@/lib/runs/run-progress";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: RunIdParams, handler: ({ session, params }) => getRunProgress(session.workspace.id, params.id) });
