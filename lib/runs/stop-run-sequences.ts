import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { db, queryIn, sql } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { settleRun } from "@/lib/lifecycle/run";
import { getRun } from "@/lib/runs/get-run";
import { endSequences } from "@/lib/sequences/end-sequence";
import { RUN_LEAD_STATE, SEQUENCE_END_REASON, SEQUENCE_STATUS } from "@/lib/statuses";

// POST /runs/{id}/stop-sequences (contract §12, "a reviewer can stop one lead or all leads of a
// run"): every sequence of the run still going ends `stopped`, as POST /runs/{id}/leads/{lead_id}/stop
// does for one lead (lib/runs/stop-lead-sequence.ts): follow-ups not on their way are canceled, the run
// leads waiting for a step or its review end `stopped` (one whose step is on the wire ends when its
// send records its end), and each lead gets one lead.sequence_ended. The run itself is not canceled:
// what is in flight finishes, and settleRun (lib/lifecycle/run.ts) decides its status afterwards.
// Set-based for a run of 100,000 leads: one statement picks the sequences, endSequences ends them
// in a few statements. Audited once with the count; a second call finds nothing going and changes
// nothing.

/** A sequence still going: in a run with steps, started (the lead has a draft), not finished. */
const GOING = `rl."runId" = $1 AND rl."sequenceStatus" IS DISTINCT FROM $2 AND EXISTS (SELECT 1 FROM drafts d WHERE d."runLeadId" = rl.id)`;

/** How many of a run's sequences are still going (the run page's "Stop all sequences" count). */
export async function countGoingSequences(runId: string): Promise<number> {
  const { rows } = await sql().query<{ n: number }>(`SELECT count(*)::int AS n FROM run_leads rl WHERE ${GOING}`, [runId, SEQUENCE_STATUS.finished]);
  return rows[0]?.n ?? 0;
}

/** Stops the run's sequences still going; answers the run (as GET /runs/{id}). */
export async function stopRunSequences(workspaceId: string, runId: string, actor: Actor) {
  await stopGoingSequences(workspaceId, runId, actor);
  return getRun(workspaceId, runId);
}

/** Stops the run's sequences still going; answers how many it stopped (0 when none was going). */
export async function stopGoingSequences(workspaceId: string, runId: string, actor: Actor): Promise<number> {
  const run = await db().run.findFirst({ where: { id: runId, workspaceId }, select: { steps: true } });
  if (!run) throw new NotFound("run");
  if (!Array.isArray(run.steps)) throw new Conflict("This run's campaign has no follow-up steps: there is no sequence to stop.", "no_sequence");
  const stopped = await db().$transaction(
    async (tx) => {
      const going = await queryIn<{ id: string }>(tx, `SELECT rl.id FROM run_leads rl WHERE ${GOING}`, [runId, SEQUENCE_STATUS.finished]);
      const ids = going.map((row) => row.id);
      const ended = await endSequences(tx, ids, SEQUENCE_END_REASON.stopped, { runLeadTo: RUN_LEAD_STATE.stopped });
      if (ended)
        await recordAudit(tx, {
          workspaceId,
          actor,
          action: "run.sequences_stopped",
          target: { type: "run", id: runId },
          data: { count: ended },
        });
      return ended;
    },
    { maxWait: 10_000, timeout: 120_000 }, // a run of 100,000 leads ends in a few statements, each over all of them
  );
  if (stopped) await settleRun(runId);
  return stopped;
}
