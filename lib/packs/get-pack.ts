import { packSetState, packSetStateFor } from "@/lib/packs/approve-pack";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { presentPack } from "@/lib/packs/present-pack";

/** One pack, with the prompt set its runs resolve now and whether that set is approved. */
export async function getPack(workspaceId: string, slug: string) {
  const pack = presentPack(await findVisiblePack(workspaceId, slug));
  return { ...pack, prompt_set: await packSetState(workspaceId, slug) };
}

/** The web pack page's answer: as getPack, and whether this user may approve the set (and why not). */
export async function getPackFor(workspaceId: string, slug: string, userId: string) {
  const pack = presentPack(await findVisiblePack(workspaceId, slug));
  return { ...pack, prompt_set: await packSetStateFor(workspaceId, slug, userId) };
}
