import { createExperiment, CreateExperimentBody, listExperiments, WebExperimentsQuery } from "@/lib/experiments/experiments";
import { webRoute } from "@/lib/web/web-route";

// As GET /v1/experiments (viewer; the web list may also narrow to one prompt's variants) and
// POST /v1/experiments (reviewer).
export const GET = webRoute({ role: "viewer", query: WebExperimentsQuery, handler: ({ session, query }) => listExperiments(session.workspace.id, query) });

export const POST = webRoute({
  role: "reviewer",
  body: CreateExperimentBody,
  status: 201,
  handler: ({ session, actor, body }) => createExperiment(session.workspace.id, body, { userId: session.user.id, actor }),
});
