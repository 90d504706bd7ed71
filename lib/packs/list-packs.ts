import { db } from "@/lib/db";
import { decodeCursor, toPage } from "@/lib/http/pagination";
import { PACK_INCLUDE, presentPack } from "@/lib/packs/present-pack";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

export async function listPacks(workspaceId: string, options: { limit: number; cursor?: string }) {
  const after = decodeCursor("packs", workspaceId, options.cursor);
  const rows = await db().pack.findMany({
    where: { OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }], ...(after ? { id: { lt: after } } : {}) },
    include: PACK_INCLUDE,
    orderBy: { id: "desc" },
    take: options.limit + 1,
  });
  return toPage(rows, options.limit, "packs", workspaceId, presentPack);
}
