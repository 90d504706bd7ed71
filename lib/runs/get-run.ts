import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { runCounts } from "@/lib/runs/run-counts";
import { presentRun, RUN_INCLUDE } from "@/lib/runs/run-schemas";

export async function getRun(workspaceId: string, id: string) {
  const run = await db().run.findFirst({ where: { id, workspaceId }, include: RUN_INCLUDE });
  if (!run) throw new NotFound("run");
  return presentRun(run, await runCounts(run));
}

export async function requireRun(workspaceId: string, id: string) {
  const run = await db().run.findFirst({ where: { id, workspaceId }, select: { id: true, status: true } });
  if (!run) throw new NotFound("run");
  return run;
}
