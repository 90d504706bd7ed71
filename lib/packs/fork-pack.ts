import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { PACK_INCLUDE, presentPack } from "@/lib/packs/present-pack";
import { Slug, SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

export const ForkPackBody = z
  .strictObject({
    slug: Slug.optional().meta({ description: "Defaults to <slug>-<workspace>" }),
    name: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: "ForkPack" });
export type ForkPackBody = z.infer<typeof ForkPackBody>;

/** Copies a visible pack (rules, stages and pins) into the workspace, with `parent` set. */
export async function forkPack(workspace: { id: string; slug: string }, slug: string, body: ForkPackBody, actor: Actor) {
  const source = await findVisiblePack(workspace.id, slug);
  const newSlug = body.slug ?? `${slug}-${workspace.slug}`.slice(0, 63);
  const taken = await db().pack.findFirst({
    where: { slug: newSlug, OR: [{ workspaceId: workspace.id }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] },
    select: { id: true },
  });
  if (taken) throw new Conflict(`A pack with slug "${newSlug}" exists. Choose another slug.`);
  const pack = await db()
    .$transaction(async (tx) => {
      const created = await tx.pack.create({
        data: {
          id: newId("pack"),
          workspaceId: workspace.id,
          slug: newSlug,
          name: body.name ?? `${source.name} (${workspace.slug})`,
          description: source.description,
          parentId: source.id,
          stages: source.stages,
          icp: source.icp ?? {},
          prompts: { create: source.prompts.map((pin) => ({ stage: pin.stage, promptVersionId: pin.promptVersionId })) },
        },
        include: PACK_INCLUDE,
      });
      await recordAudit(tx, {
        workspaceId: workspace.id,
        actor,
        action: "pack.forked",
        target: { type: "pack", id: created.id },
        data: { slug: newSlug, parent: slug },
      });
      return created;
    })
    .catch((error) => {
      if ((error as { code?: string }).code === "P2002") throw new Conflict(`A pack with slug "${newSlug}" exists. Choose another slug.`);
      throw error;
    });
  return presentPack(pack);
}
