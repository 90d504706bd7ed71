import { packSetState } from "@/lib/packs/approve-pack";
import { findVisiblePack } from "@/lib/packs/find-pack";
import { presentPack } from "@/lib/packs/present-pack";

/** One pack, with the prompt set its runs resolve now and whether that set is approved. */
export async function getPack(workspaceId: string, slug: string) {
  const pack = presentPack(await findVisiblePack(workspaceId, slug));
  return { ...pack, prompt_set: await packSetState(workspaceId, slug) };
}
