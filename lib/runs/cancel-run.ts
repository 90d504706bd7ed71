import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict } from "@/lib/errors";
import { getRun, requireRun } from "@/lib/runs/get-run";
import { moveRun } from "@/lib/lifecycle/run";
import { moveRunLeads } from "@/lib/lifecycle/run-lead";
import { endRunSequences } from "@/lib/sequences/end-sequence";
import { RUN_LEAD_STATE, RUN_STATUS } from "@/lib/statuses";

/** Stops a run: no stage runs again for its leads; those not finished end `stopped`. */
export async function cancelRun(workspaceId: string, runId: string, actor: Actor) {
  await requireRun(workspaceId, runId); // 404 for a run of another workspace
  await db().$transaction(async (tx) => {
    // An ended run (also one that ended a moment ago: its last send, a failed import) stays as it ended.
    if (!(await moveRun(runId, RUN_STATUS.canceled, { finishedAt: new Date() }, { tx, workspaceId }))) {
      const now = await tx.run.findFirst({ where: { id: runId, workspaceId }, select: { status: true } });
      throw new Conflict(`The run is already ${now?.status ?? "gone"}.`);
    }
    await endRunSequences(tx, runId); // follow-ups not on their way are canceled
    const { pending, running, awaiting_review, stopped } = RUN_LEAD_STATE;
    await moveRunLeads(
      { runId, workspaceId },
      stopped,
      { reasonCode: "run_canceled", reasonMessage: "The run was canceled." },
      { tx, from: [pending, running, awaiting_review] },
    );
    await recordAudit(tx, { workspaceId, actor, action: "run.canceled", target: { type: "run", id: runId } });
  });
  return getRun(workspaceId, runId);
}
