import { db } from "@/lib/db";
import { runReview } from "@/lib/runs/run-review";
import { NotFound } from "@/lib/errors";
import { runCounts } from "@/lib/runs/run-counts";
import { presentRun, RUN_INCLUDE } from "@/lib/runs/run-schemas";
import { runTotals } from "@/lib/runs/run-totals";
import { stepCounts } from "@/lib/runs/step-counts";

export async function getRun(workspaceId: string, id: string) {
  const run = await db().run.findFirst({ where: { id, workspaceId }, include: RUN_INCLUDE });
  if (!run) throw new NotFound("run");
  // One run is shown with its counts per step too (lists leave them out: a query per row).
  const [counts, steps, totals, review] = await Promise.all([runCounts(run), stepCounts(run.id), runTotals(run.id), runReview(run.id)]);
  return presentRun(run, { ...counts, steps }, totals, review);
}

export async function requireRun(workspaceId: string, id: string) {
  const run = await db().run.findFirst({ where: { id, workspaceId }, select: { id: true, status: true, steps: true } });
  if (!run) throw new NotFound("run");
  return run;
}
