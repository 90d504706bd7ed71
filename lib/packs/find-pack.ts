import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { PACK_INCLUDE } from "@/lib/packs/present-pack";
import { SLUG_PATTERN, SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

/** A pack the workspace may see: its own, or a built-in one. */
export async function findVisiblePack(workspaceId: string, slug: string) {
  if (!SLUG_PATTERN.test(slug)) throw new NotFound("pack");
  const packs = await db().pack.findMany({
    where: { slug, OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] },
    include: PACK_INCLUDE,
  });
  const pack = packs.find((candidate) => candidate.workspaceId === workspaceId) ?? packs[0];
  if (!pack) throw new NotFound("pack");
  return pack;
}
