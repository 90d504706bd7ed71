import { z } from "zod";
import { db, type Prisma } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { revokeApprovals } from "@/lib/governance/approvals";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { IcpInput, IcpRules } from "@/lib/icp/icp";
import { resolvePins } from "@/lib/packs/pins";
import { PACK_INCLUDE, presentPack } from "@/lib/packs/present-pack";
import { OfferOverride, overrideToStore } from "@/lib/offer/offer";

export const UpdatePackBody = z
  .strictObject({
    name: z.string().trim().min(1).max(200).optional(),
    description: z.string().max(2000).optional(),
    icp: IcpInput.optional(),
    prompts: z
      .record(z.string(), z.string().max(200))
      .optional()
      .meta({ description: 'Pins per stage, e.g. {"draft_email": "draft_email@acme:v1.2.0-acme"}', example: { draft_email: "draft_email@acme:v1.2.0-acme" } }),
    offer: OfferOverride.optional(),
  })
  .meta({ id: "UpdatePack" });
export type UpdatePackBody = z.infer<typeof UpdatePackBody>;

/** Edits a workspace pack; pins are checked and audited as `pack.pinned`. Built-in packs are read-only. */
export async function updatePack(workspaceId: string, slug: string, body: UpdatePackBody, actor: Actor) {
  const pack = await findVisiblePack(workspaceId, slug);
  if (pack.workspaceId !== workspaceId) throw new Conflict(`"${slug}" is a built-in pack and cannot be changed. Fork it first.`);
  const pins = body.prompts ? await resolvePins(workspaceId, body.prompts, "prompts") : new Map();
  const updated = await db().$transaction(async (tx) => {
    await tx.pack.update({
      where: { id: pack.id, workspaceId },
      data: { name: body.name, description: body.description, icp: body.icp, offer: overrideToStore(body.offer) },
    });
    for (const [stage, promptVersionId] of pins) {
      await tx.packPrompt.upsert({
        where: { packId_stage: { packId: pack.id, stage } },
        create: { packId: pack.id, stage, promptVersionId },
        update: { promptVersionId },
      });
    }
    if (pins.size) {
      // A pack pin feeds every prompt set resolved through this pack: their approvals lapse.
      const revoked = await revokeApprovals(tx, workspaceId, { packId: pack.id });
      const before = Object.fromEntries(pack.prompts.map((pin) => [pin.stage, `${pin.promptVersion.prompt.name}:${pin.promptVersion.version}`]));
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "pack.pinned",
        target: { type: "pack", id: pack.id },
        data: {
          slug,
          approvals_revoked: revoked,
          pins: Object.fromEntries([...pins.keys()].map((stage) => [stage, { from: before[stage] ?? null, to: body.prompts![stage] }])),
        },
      });
    }
    if (body.name !== undefined || body.description !== undefined || body.icp !== undefined || body.offer !== undefined) {
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "pack.updated",
        target: { type: "pack", id: pack.id },
        data: { slug, fields: Object.keys(body).filter((k) => k !== "prompts"), ...(body.icp ? { icp: icpChanges(pack.icp, body.icp) } : {}) },
      });
    }
    return tx.pack.findUniqueOrThrow({ where: { id: pack.id }, include: PACK_INCLUDE });
  });
  return presentPack(updated);
}

/** The profile's rules that changed, each with its value before and after (for the audit log). */
function icpChanges(stored: unknown, next: IcpInput): Prisma.InputJsonObject {
  const before = IcpRules.safeParse(stored);
  const old: Partial<IcpRules> = before.success ? before.data : {};
  const changes: Record<string, { from: Prisma.InputJsonValue | null; to: Prisma.InputJsonValue }> = {};
  for (const [key, value] of Object.entries(next)) {
    const was = old[key as keyof IcpRules];
    if (JSON.stringify(was) !== JSON.stringify(value))
      changes[key] = { from: (was ?? null) as Prisma.InputJsonValue | null, to: value as Prisma.InputJsonValue };
  }
  return changes;
}
