import { z } from "zod";
import { ResumeSenderBody } from "@/lib/senders/health";
import { resumeSender } from "@/lib/senders/senders";
import { webRoute } from "@/lib/web/web-route";

const Params = z.object({ id: z.string().max(40) });

export const POST = webRoute({
  role: "admin",
  params: Params,
  body: ResumeSenderBody,
  handler: ({ session, actor, params, body }) => resumeSender(session.workspace.id, params.id, body.reason, actor),
});
