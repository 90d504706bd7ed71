import { z } from "zod";
import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, NotFound } from "@/lib/errors";
import { ROLES } from "@/lib/members/add-member";
import { forgetTokensOfMember } from "@/lib/tokens/auth-cache";
import { endAllWebSessions } from "@/lib/auth/web-sessions";

export const ChangeRoleBody = z.strictObject({ role: z.enum(ROLES) });

/**
 * Gives a member another role, with an audit entry. The workspace's last admin cannot be demoted:
 * the admins' membership rows are locked first, so two admins demoting each other at the same
 * moment cannot both succeed. The member's API tokens act with the new role from the next request
 * (their cached authentication is dropped); their web sessions end (they sign in again).
 */
export async function changeMemberRole(workspaceId: string, userId: string, role: Role, actor: Actor) {
  const outcome = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT "userId" FROM memberships WHERE "workspaceId" = ${workspaceId} AND role = 'admin' FOR UPDATE`;
    const member = await tx.membership.findUnique({ where: { workspaceId_userId: { workspaceId, userId } }, include: { user: { select: { email: true } } } });
    if (!member) throw new NotFound("member");
    if (member.role === role) return { from: role, changed: false };
    if (member.role === "admin") {
      const admins = await tx.membership.count({ where: { workspaceId, role: "admin" } });
      if (admins <= 1) throw new Conflict("This is the workspace's last admin. Make someone else an admin first.", "last_admin");
    }
    await tx.membership.update({ where: { workspaceId_userId: { workspaceId, userId } }, data: { role } });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "member.role_changed",
      target: { type: "user", id: userId },
      data: { email: member.user.email, from: member.role, to: role },
    });
    return { from: member.role, changed: true };
  });
  if (outcome.changed) await Promise.all([forgetTokensOfMember(workspaceId, userId), endAllWebSessions(userId)]);
  return { user_id: userId, role, previous_role: outcome.from };
}
