import { z } from "zod";
import { updateReply, UpdateReplyBody } from "@/lib/replies/replies";
import { replyThread } from "@/lib/replies/reply-thread";
import { webRoute } from "@/lib/web/web-route";

// The inbox's thread of a reply: every message sent to the lead in its run, every reply, every answer (contract §13).
export const GET = webRoute({
  role: "viewer",
  params: z.object({ id: z.string().max(40) }),
  handler: ({ session, params }) => replyThread(session.workspace.id, params.id),
});

// A reviewer corrects a reply's classification (audited; the correction wins for good) or marks it handled.
export const PATCH = webRoute({
  role: "reviewer",
  params: z.object({ id: z.string().max(40) }),
  body: UpdateReplyBody,
  handler: ({ session, actor, params, body }) => updateReply(session.workspace.id, params.id, body, { userId: session.user.id, actor }),
});
