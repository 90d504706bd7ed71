import { z } from "zod";
import { correctReply, CorrectReplyBody } from "@/lib/replies/replies";
import { webRoute } from "@/lib/web/web-route";

// A reviewer corrects a reply's classification (audited; the correction wins for good).
export const PATCH = webRoute({
  role: "reviewer", params: z.object({ id: z.string().max(40) }), body: CorrectReplyBody,
  handler: ({ session, actor, params, body }) => correctReply(session.workspace.id, params.id, body.classification, { userId: session.user.id, actor }),
});
