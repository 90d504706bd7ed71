import { getExperiment } from "@/lib/experiments/experiments";
import { ExperimentIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", params: ExperimentIdParam, handler: ({ session, params }) => getExperiment(session.workspace.id, params.id) });
