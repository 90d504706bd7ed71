import { ListQuery } from "@/lib/http/pagination";
import { createEndpoint, CreateEndpointBody, listEndpoints } from "@/lib/webhooks/endpoints";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "admin", query: ListQuery, handler: ({ session, query }) => listEndpoints(session.workspace.id, query) });

// The answer carries the signing secret, this once (and on reveal).
export const POST = webRoute({
  role: "admin",
  body: CreateEndpointBody,
  status: 201,
  handler: ({ session, actor, body }) => createEndpoint(session.workspace.id, body, actor),
});
