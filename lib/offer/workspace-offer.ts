import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { offerToStore, presentOffer, type PutOfferBody } from "@/lib/offer/offer";
import type { Prisma } from "@/lib/generated/prisma/client.ts";

export async function getOffer(workspaceId: string) {
  const workspace = await db().workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { offer: true } });
  return presentOffer(workspace.offer);
}

/** Replaces the workspace's offer; fields left out are cleared. */
export async function putOffer(workspaceId: string, body: PutOfferBody, actor: Actor) {
  const stored = offerToStore(body) as Prisma.InputJsonObject;
  await db().$transaction(async (tx) => {
    await tx.workspace.update({ where: { id: workspaceId }, data: { offer: stored } });
    await recordAudit(tx, { workspaceId, actor, action: "offer.updated", target: { type: "offer", id: workspaceId }, data: { fields: Object.keys(stored) } });
  });
  return presentOffer(stored);
}
