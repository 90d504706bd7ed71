import { z } from "zod";
import { UpdateSenderBody } from "@/lib/senders/senders";
import { deleteSender, updateSender } from "@/lib/wiring/sender-changes";
import { webRoute } from "@/lib/web/web-route";

const Params = z.object({ id: z.string().max(40) });

export const PATCH = webRoute({
  role: "admin",
  params: Params,
  body: UpdateSenderBody,
  handler: ({ session, actor, params, body }) => updateSender(session.workspace.id, params.id, body, actor),
});
export const DELETE = webRoute({
  role: "admin",
  params: Params,
  status: 204,
  handler: ({ session, actor, params }) => deleteSender(session.workspace.id, params.id, actor),
});
