import { db } from "@/lib/db";
import { hashPassword, verifyPassword } from "@/lib/auth/password";

// A hash to verify against when the email is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

export type AuthenticatedUser = { id: string; email: string; name: string; workspaceId: string };

/** Checks an email and password; returns the user and the workspace they sign in to, or null. */
export async function authenticateUser(email: string, password: string): Promise<AuthenticatedUser | null> {
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    include: { memberships: { orderBy: { createdAt: "asc" }, take: 1 } },
    omit: { passwordHash: false },
  });
  const ok = await verifyPassword(user?.passwordHash ?? (await (dummyHash ??= hashPassword("not-a-real-password"))), password);
  const membership = user?.memberships[0];
  if (!user || !ok || !membership) return null;
  return { id: user.id, email: user.email, name: user.name, workspaceId: membership.workspaceId };
}
