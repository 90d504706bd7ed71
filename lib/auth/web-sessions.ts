import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { db, type Tx } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { newId } from "@/lib/ids";

// Server-side record of each web sign-in. next-auth's JWT cookie carries the record's id (`sid`);
// currentSession (lib/auth/session.ts) accepts the cookie only while the record is live, so
// signing out, being signed out everywhere or a role change ends a session on the server: a
// cookie copied before then gets 401 on /api/web and the sign-in page for pages.

export type SignInContext = { userAgent?: string | null; address?: string | null };

/** Called once per sign-in (next-auth's jwt callback): the new session's id. */
export async function startWebSession(userId: string, context: SignInContext = {}): Promise<string> {
  const id = newId("ses");
  await db().webSession.create({ data: { id, userId, userAgent: context.userAgent?.slice(0, 300) || null, address: context.address?.slice(0, 100) || null } });
  return id;
}

/** The user's live sessions, newest first, marking the one asking. */
export async function listWebSessions(userId: string, currentId: string) {
  const rows = await db().webSession.findMany({ where: { userId, endedAt: null }, orderBy: { id: "desc" }, take: 100 });
  return {
    data: rows.map((row) => ({
      id: row.id,
      started_at: row.createdAt.toISOString(),
      user_agent: row.userAgent,
      address: row.address,
      current: row.id === currentId,
    })),
  };
}

/** Ends one of the user's own sessions (another device); audited. */
export async function endOwnWebSession(user: { userId: string; workspaceId: string; actor: Actor }, sessionId: string) {
  await db().$transaction(async (tx) => {
    const { count } = await tx.webSession.updateMany({ where: { id: sessionId, userId: user.userId, endedAt: null }, data: { endedAt: new Date() } });
    if (count === 0) throw new NotFound("session");
    await recordAudit(tx, {
      workspaceId: user.workspaceId,
      actor: user.actor,
      action: "session.ended",
      target: { type: "user", id: user.userId },
      data: { session_id: sessionId },
    });
  });
  return { ended: 1 };
}

/** "Sign out everywhere": every live session of the user ends, this one included; audited. */
export async function signOutEverywhere(user: { userId: string; workspaceId: string; actor: Actor }) {
  return db().$transaction(async (tx) => {
    const count = await endAllWebSessions(user.userId, tx);
    await recordAudit(tx, {
      workspaceId: user.workspaceId,
      actor: user.actor,
      action: "session.signed_out_everywhere",
      target: { type: "user", id: user.userId },
      data: { ended: count },
    });
    return { ended: count };
  });
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
export async function endAllWebSessions(userId: string, client: Pick<Tx, "webSession"> = db()): Promise<number> {
  const ended = await client.webSession.updateMany({ where: { userId, endedAt: null }, data: { endedAt: new Date() } });
  return ended.count;
}
