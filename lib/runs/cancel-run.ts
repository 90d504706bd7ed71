import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { getRun, requireRun } from "@/lib/runs/get-run";
import { ENDED_RUN_STATUSES, moveRun } from "@/lib/runs/run-status";

/** Stops a run: no stage runs again for its leads; those not finished end `stopped`. */
export async function cancelRun(workspaceId: string, runId: string, actor: Actor) {
  const run = await requireRun(workspaceId, runId);
  if ((ENDED_RUN_STATUSES as readonly string[]).includes(run.status)) throw new Conflict(`The run is already ${run.status}.`);
  await db().$transaction(async (tx) => {
    // A run that ended between the read above and this update (its last send, a failed import) stays as it ended.
    if (!(await moveRun(runId, "canceled", { finishedAt: new Date() }, { tx, workspaceId }))) {
      const now = await tx.run.findFirst({ where: { id: runId, workspaceId }, select: { status: true } });
      throw new Conflict(`The run is already ${now?.status ?? "gone"}.`);
    }
    await tx.runLead.updateMany({
      where: { runId, workspaceId, state: { in: ["pending", "running", "awaiting_review"] } },
      data: { state: "stopped", reasonCode: "run_canceled", reasonMessage: "The run was canceled." },
    });
    await recordAudit(tx, { workspaceId, actor, action: "run.canceled", target: { type: "run", id: runId } });
  });
  return getRun(workspaceId, runId);
}
