import { db } from "@/lib/db";
import type { Role } from "@/lib/generated/prisma/enums.ts";

export type MemberItem = { user_id: string; name: string; email: string; role: Role; joined_at: string };

/** Everyone in the workspace, oldest first (a workspace has tens of members, not thousands). */
export async function listMembers(workspaceId: string): Promise<{ data: MemberItem[] }> {
  const rows = await db().membership.findMany({
    where: { workspaceId },
    include: { user: { select: { id: true, name: true, email: true } } },
    orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
  });
  return {
    data: rows.map((row) => ({ user_id: row.user.id, name: row.user.name, email: row.user.email, role: row.role, joined_at: row.createdAt.toISOString() })),
  };
}
