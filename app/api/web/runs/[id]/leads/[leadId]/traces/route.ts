import { z } from "zod";
import { getRunLeadTraces } from "@/lib/runs/lead-traces";
import { RunIdParams } from "@/lib/runs/run-schemas";
import { webRoute } from "@/lib/web/web-route";

const Params = RunIdParams.extend({ leadId: z.string().regex(/^lead_[0-9a-z]{26}$/) });

export const GET = webRoute({
  role: "viewer",
  params: Params,
  handler: ({ session, params }) => getRunLeadTraces(session.workspace.id, params.id, params.leadId),
});
