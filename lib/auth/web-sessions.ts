import { db } from "@/lib/db";
import { newId } from "@/lib/ids";

// Server-side record of each web sign-in. next-auth's JWT cookie carries the record's id (`sid`);
// currentSession (lib/auth/session.ts) accepts the cookie only while the record is live, so
// signing out, being signed out everywhere or a role change ends a session on the server: a
// cookie copied before then gets 401 on /api/web and the sign-in page for pages.

/** Called once per sign-in (next-auth's jwt callback): the new session's id. */
export async function startWebSession(userId: string): Promise<string> {
  const id = newId("ses");
  await db().webSession.create({ data: { id, userId } });
  return id;
}

/** Is this session still live for this user? */
export async function isWebSessionLive(sessionId: string | undefined, userId: string): Promise<boolean> {
  if (!sessionId) return false;
  const session = await db().webSession.findUnique({ where: { id: sessionId }, select: { userId: true, endedAt: true } });
  return session !== null && session.userId === userId && session.endedAt === null;
}

/** Sign-out of one session. */
export async function endWebSession(sessionId: string): Promise<void> {
  await db().webSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { endedAt: new Date() } });
}

/** Every live session of the user ends (sign out everywhere, role change). Returns how many ended. */
export async function endAllWebSessions(userId: string): Promise<number> {
  const ended = await db().webSession.updateMany({ where: { userId, endedAt: null }, data: { endedAt: new Date() } });
  return ended.count;
}
