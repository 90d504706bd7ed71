import { z } from "zod";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { db } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { settleRun } from "@/lib/lifecycle/run";
import { presentRunLead, RUN_LEAD_INCLUDE, senderAddresses } from "@/lib/runs/list-runs";
import { endSequences } from "@/lib/sequences/end-sequence";
import { RUN_LEAD_STATE, SEQUENCE_END_REASON, SEQUENCE_STATUS } from "@/lib/statuses";

// POST /runs/{id}/leads/{lead_id}/stop (contract §12): a reviewer ends one lead's sequence by hand.
// Its follow-ups not on their way are canceled and the lead ends `stopped` in the run. Stopping a
// sequence that has already ended changes nothing and answers the lead as it is.

export const RunLeadParams = z.object({
  id: z
    .string()
    .regex(/^run_[0-9a-z]{26}$/)
    .meta({ example: "run_01jd0000000000000000000000" }),
  lead_id: z
    .string()
    .regex(/^lead_[0-9a-z]{26}$/)
    .meta({ example: "lead_01jd0000000000000000000000" }),
});

export async function stopLeadSequence(workspaceId: string, runId: string, leadId: string, actor: Actor) {
  const run = await db().run.findFirst({ where: { id: runId, workspaceId }, select: { steps: true } });
  if (!run) throw new NotFound("run");
  const where = { runId_leadId: { runId, leadId } };
  const runLead = await db().runLead.findUnique({ where, include: RUN_LEAD_INCLUDE });
  if (!runLead || runLead.workspaceId !== workspaceId) throw new NotFound("run lead");
  if (!Array.isArray(run.steps)) throw new Conflict("This run's campaign has no follow-up steps: there is no sequence to stop.", "no_sequence");
  if (runLead.drafts.length === 0) throw new Conflict("This lead has no draft in the run yet: its sequence has not started.", "no_sequence");
  if (runLead.sequenceStatus !== SEQUENCE_STATUS.finished) {
    await db().$transaction(async (tx) => {
      const ended = await endSequences(tx, [runLead.id], SEQUENCE_END_REASON.stopped, { runLeadTo: RUN_LEAD_STATE.stopped });
      if (ended)
        await recordAudit(tx, {
          workspaceId,
          actor,
          action: "sequence.stopped",
          target: { type: "lead", id: leadId },
          data: { run_id: runId, step: runLead.sequenceStep ?? 1 },
        });
    });
    await settleRun(runId);
  }
  const row = await db().runLead.findUniqueOrThrow({ where, include: RUN_LEAD_INCLUDE });
  return presentRunLead(row, true, await senderAddresses(workspaceId, [row]));
}
