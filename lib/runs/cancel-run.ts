import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { getRun, requireRun } from "@/lib/runs/get-run";
import { ENDED_RUN_STATUSES, moveRun } from "@/lib/runs/run-status";
import type { RunStatus } from "@/lib/statuses";

/** Stops a run: no stage runs again for its leads; those not finished end `stopped`. */
export async function cancelRun(workspaceId: string, runId: string, actor: Actor) {
  const run = await requireRun(workspaceId, runId);
  if (ENDED_RUN_STATUSES.includes(run.status as RunStatus)) throw new Conflict(`The run is already ${run.status}.`);
  await db().$transaction(async (tx) => {
    const moved = await moveRun(runId, "canceled", { finishedAt: new Date() }, { tx, workspaceId });
    if (!moved) throw new Conflict("The run ended a moment ago.");
    await tx.runLead.updateMany({
      where: { runId, workspaceId, state: { in: ["pending", "running", "awaiting_review"] } },
      data: { state: "stopped", reasonCode: "run_canceled", reasonMessage: "The run was canceled." },
    });
    await recordAudit(tx, { workspaceId, actor, action: "run.canceled", target: { type: "run", id: runId } });
  });
  return getRun(workspaceId, runId);
}
