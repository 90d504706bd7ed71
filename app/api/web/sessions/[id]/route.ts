import { z } from "zod";
import { endOwnWebSession } from "@/lib/auth/web-sessions";
import { webRoute } from "@/lib/web/web-route";

// Ends one of the user's own sessions (another browser); someone else's session is 404.
export const DELETE = webRoute({
  role: "viewer", params: z.object({ id: z.string().regex(/^ses_[0-9a-z]{26}$/) }),
  handler: ({ session, actor, params }) => endOwnWebSession({ userId: session.user.id, workspaceId: session.workspace.id, actor }, params.id),
});
