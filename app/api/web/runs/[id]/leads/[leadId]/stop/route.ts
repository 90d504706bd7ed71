import { z } from "zod";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { stopLeadSequence } from "@/lib/runs/stop-lead-sequence";
import { webRoute } from "@/lib/web/web-route";

const Params = RunIdParams.extend({ leadId: z.string().regex(/^lead_[0-9a-z]{26}$/) });

// "Stop sequence" on the run page (reviewer, as POST /v1/runs/{id}/leads/{lead_id}/stop; audited
// `sequence.stopped`): answers the run lead with its ended sequence.
export const POST = webRoute({
  role: "reviewer",
  params: Params,
  handler: ({ session, actor, params }) => stopLeadSequence(session.workspace.id, params.id, params.leadId, actor),
});
