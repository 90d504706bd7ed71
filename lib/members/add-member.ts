import { z } from "zod";
import { db } from "@/lib/db";
import { hashPassword } from "@/lib/auth/password";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { MemberItem } from "@/lib/members/list-members";
import { MIN_PASSWORD_LENGTH } from "@/lib/users/create-user";

export const ROLES = ["admin", "reviewer", "viewer"] as const;

export const AddMemberBody = z.strictObject({
  email: z.email("Enter a valid email address").max(254),
  name: z.string().trim().min(1, "Enter a name").max(100),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`).max(200),
  role: z.enum(ROLES),
});

/**
 * Creates a user with an initial password and makes them a member with a role, with its audit
 * entry, in one transaction. An email that already has an account is refused: a user signs in to
 * one workspace, so a second membership could not be used (and their password is not ours to set).
 */
export async function addMember(workspaceId: string, body: z.infer<typeof AddMemberBody>, actor: Actor): Promise<MemberItem> {
  const email = body.email.trim().toLowerCase();
  const taken = () => new Conflict(`${email} already has a LeadPipe account. Each account belongs to one workspace for now.`);
  if (await db().user.findUnique({ where: { email }, select: { id: true } })) throw taken();
  const passwordHash = await hashPassword(body.password);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({ data: { id: newId("usr"), email, name: body.name, passwordHash } });
      const membership = await tx.membership.create({ data: { workspaceId, userId: user.id, role: body.role } });
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "member.added",
        target: { type: "user", id: user.id },
        data: { email, name: body.name, role: body.role },
      });
      return { user_id: user.id, name: user.name, email: user.email, role: membership.role, joined_at: membership.createdAt.toISOString() };
    });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw taken();
    throw error;
  }
}
