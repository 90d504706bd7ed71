import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";

/** What the run page's header names: the run's name, its pack and, when it was started with one, its campaign. */
export async function getRunHeader(workspaceId: string, id: string) {
  const run = await db().run.findFirst({
    where: { id, workspaceId },
    select: { name: true, pack: { select: { slug: true, name: true } }, campaign: { select: { id: true, name: true } } },
  });
  if (!run) throw new NotFound("run");
  return { name: run.name, pack: run.pack, campaign: run.campaign };
}
