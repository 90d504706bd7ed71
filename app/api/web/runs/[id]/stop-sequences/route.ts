import { RunIdParams } from "@/lib/runs/run-schemas";
import { getRunProgress } from "@/lib/runs/run-progress";
import { stopGoingSequences } from "@/lib/runs/stop-run-sequences";
import { webRoute } from "@/lib/web/web-route";

// "Stop all sequences" on the run page (reviewer, as POST /v1/runs/{id}/stop-sequences; audited
// `run.sequences_stopped`): answers how many it stopped and the run page's live view after it.
export const POST = webRoute({
  role: "reviewer",
  params: RunIdParams,
  handler: async ({ session, actor, params }) => {
    const stopped = await stopGoingSequences(session.workspace.id, params.id, actor);
    return { stopped, progress: await getRunProgress(session.workspace.id, params.id) };
  },
});
