import { endOwnWebSession } from "@/lib/auth/web-sessions";
import { SessionIdParam } from "@/lib/web/params";
import { webRoute } from "@/lib/web/web-route";

// Ends one of the user's own sessions (another browser); someone else's session is 404.
export const DELETE = webRoute({
  role: "viewer",
  params: SessionIdParam,
  handler: ({ session, actor, params }) => endOwnWebSession({ userId: session.user.id, workspaceId: session.workspace.id, actor }, params.id),
});
