import { concludeExperiment, ConcludeExperimentBody } from "@/lib/experiments/experiments";
import { ExperimentIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// As POST /v1/experiments/{id}/conclude (reviewer): 409 experiment_underpowered without override_reason before the minimum.
export const POST = webRoute({
  role: "reviewer",
  params: ExperimentIdParam,
  body: ConcludeExperimentBody,
  handler: ({ session, actor, params, body }) => concludeExperiment(session.workspace.id, params.id, body, { userId: session.user.id, actor }),
});
