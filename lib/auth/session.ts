import { getServerSession } from "next-auth";
import { db } from "@/lib/db";
import { authOptions } from "@/lib/auth/options";
import { isWebSessionLive } from "@/lib/auth/web-sessions";

export type WebSession = {
  user: { id: string; email: string; name: string };
  workspace: { id: string; slug: string; name: string };
  role: "admin" | "reviewer" | "viewer";
  /** The server-side session record (lib/auth/web-sessions.ts). */
  sessionId: string;
};

/**
 * The signed-in user with their current role, read from the database on every call so a role
 * change or removal takes effect at once. Null when signed out, when the server-side session
 * record has ended (sign-out, role change: lib/auth/web-sessions.ts) or no longer a member.
 */
export async function currentSession(): Promise<WebSession | null> {
  const session = await getServerSession(authOptions);
  if (!session?.userId || !session.workspaceId) return null;
  const [membership, live] = await Promise.all([
    db().membership.findUnique({
      where: { workspaceId_userId: { workspaceId: session.workspaceId, userId: session.userId } },
      include: { user: true, workspace: true },
    }),
    isWebSessionLive(session.sid, session.userId),
  ]);
  if (!membership || !live) return null;
  return {
    user: { id: membership.user.id, email: membership.user.email, name: membership.user.name },
    workspace: { id: membership.workspace.id, slug: membership.workspace.slug, name: membership.workspace.name },
    role: membership.role,
    sessionId: session.sid!,
  };
}
