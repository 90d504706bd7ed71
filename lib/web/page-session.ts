import { forbidden, redirect } from "next/navigation";
import { roleAtLeast, type Role } from "@/lib/auth/roles";
import { currentSession, type WebSession } from "@/lib/auth/session";

/**
 * For pages: the signed-in session with its role read from the database, or a redirect to /login,
 * or the 403 page (app/(app)/forbidden.tsx) when the role is below `least`.
 */
export async function pageSession(least: Role = "viewer"): Promise<WebSession> {
  const session = await currentSession();
  if (!session) redirect("/login");
  if (!roleAtLeast(session.role, least)) forbidden();
  return session;
}
