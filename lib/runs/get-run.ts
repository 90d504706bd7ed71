import { db } from "@/lib/db";
import { runReview } from "@/lib/runs/run-review";
import { NotFound } from "@/lib/errors";
import { runCounts } from "@/lib/runs/run-counts";
import { presentRun, RUN_INCLUDE } from "@/lib/runs/run-schemas";
import { runTotals } from "@/lib/runs/run-totals";
import { stepCounts } from "@/lib/runs/step-counts";
import { listSends } from "@/lib/sending/list-sends";
import { SEND_STATUS } from "@/lib/statuses";

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

/** The run page's list: a run's sends in doubt (the web app's GET /api/web/runs/{id}/in-doubt). */
export async function listRunSendsInDoubt(workspaceId: string, runId: string) {
  await requireRun(workspaceId, runId); // 404 for a run of another workspace
  return listSends(workspaceId, { status: SEND_STATUS.in_doubt, run_id: runId, limit: 100 });
}
