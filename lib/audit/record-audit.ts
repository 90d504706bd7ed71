import type { Prisma } from "@/lib/generated/prisma/client.ts";
import type { Tx } from "@/lib/db";
import { newId } from "@/lib/ids";

export type Actor = { type: "user" | "token" | "system"; id: string; name: string };

export type AuditInput = {
  workspaceId: string;
  actor: Actor;
  action: string;
  target: { type: string; id: string };
  data?: Prisma.InputJsonValue;
  diff?: string | null;
};

/** Writes one audit entry in the caller's transaction, so it commits with the change it records. */
export async function recordAudit(tx: Tx, entry: AuditInput): Promise<void> {
  await tx.auditEntry.create({
    data: {
      id: newId("aud"),
      workspaceId: entry.workspaceId,
      actorType: entry.actor.type,
      actorId: entry.actor.id,
      actorName: entry.actor.name,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id,
      data: entry.data ?? {},
      diff: entry.diff ?? null,
    },
  });
}
