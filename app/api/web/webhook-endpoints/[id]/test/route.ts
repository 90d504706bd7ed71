import { z } from "zod";
import { sendTestEvent } from "@/lib/webhooks/endpoints";
import { webRoute } from "@/lib/web/web-route";

export const POST = webRoute({
  role: "admin",
  params: z.object({ id: z.string().max(40) }),
  status: 201,
  handler: ({ session, actor, params }) => sendTestEvent(session.workspace.id, params.id, actor),
});
