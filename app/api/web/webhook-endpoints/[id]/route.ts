import { z } from "zod";
import { deleteEndpoint, updateEndpoint, UpdateEndpointBody } from "@/lib/webhooks/endpoints";
import { webRoute } from "@/lib/web/web-route";

const Params = z.object({ id: z.string().max(40) });

export const PATCH = webRoute({
  role: "admin",
  params: Params,
  body: UpdateEndpointBody,
  handler: ({ session, actor, params, body }) => updateEndpoint(session.workspace.id, params.id, body, actor),
});
export const DELETE = webRoute({
  role: "admin",
  params: Params,
  status: 204,
  handler: ({ session, actor, params }) => deleteEndpoint(session.workspace.id, params.id, actor),
});
