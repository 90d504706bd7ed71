import type { Tx } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";

export const SYSTEM_ACTOR: Actor = { type: "system", id: "system", name: "LeadPipe" };

/**
 * Puts an address on the workspace's suppression list in the caller's transaction (no send goes
 * to it again) and audits the change. Adding an address already listed changes nothing and
 * returns false.
 */
export async function suppress(tx: Tx, workspaceId: string, email: string, reason: string, actor: Actor = SYSTEM_ACTOR, data: Record<string, string> = {}): Promise<boolean> {
  const emailLower = email.trim().toLowerCase();
  const inserted = await tx.suppression.createMany({ data: [{ workspaceId, emailLower, reason }], skipDuplicates: true });
  if (inserted.count === 0) return false;
  await recordAudit(tx, { workspaceId, actor, action: "suppression.added", target: { type: "suppression", id: emailLower }, data: { email: emailLower, reason, ...data } });
  return true;
}
