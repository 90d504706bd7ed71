import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { getRun, requireRun } from "@/lib/runs/get-run";
import { moveRun } from "@/lib/runs/run-status";

/** Stops a run: no stage runs again for its leads; those not finished end `stopped`. */
export async function cancelRun(workspaceId: string, runId: string, actor: Actor) {
  await requireRun(workspaceId, runId); // 404 for a run of another workspace
  await db().$transaction(async (tx) => {
    // An ended run (also one that ended a moment ago: its last send, a failed import) stays as it ended.
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
