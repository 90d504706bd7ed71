import { z } from "zod";
import { updateReply, UpdateReplyBody } from "@/lib/replies/replies";
import { webRoute } from "@/lib/web/web-route";

// A reviewer corrects a reply's classification (audited; the correction wins for good) or marks it handled.
export const PATCH = webRoute({
  role: "reviewer",
  params: z.object({ id: z.string().max(40) }),
  body: UpdateReplyBody,
  handler: ({ session, actor, params, body }) => updateReply(session.workspace.id, params.id, body, { userId: session.user.id, actor }),
});
