import { queryIn, type Tx } from "@/lib/db";
import { writeEvents, type OutboxEvent } from "@/lib/events/outbox";
import { cancelUnsentFollowUps } from "@/lib/lifecycle/draft";
import { finishSequences } from "@/lib/lifecycle/sequence";
import { moveRunLeads } from "@/lib/lifecycle/run-lead";
import { RUN_LEAD_STATE, SEND_STATUS, SEQUENCE_END_REASON, SEQUENCE_STATUS, type RunLeadState, type SequenceEndReason } from "@/lib/statuses";

// Ending a lead's sequence (contract §12 stop rules), in the caller's transaction: the sequence
// finishes with its reason, the follow-ups not on their way are canceled (lib/lifecycle/draft.ts),
// the run lead's work in the run ends (`runLeadTo`: done by default; stopped when a reviewer stops
// it; null: the caller moves it), and lead.sequence_ended is written. A sequence ends once: a second
// end (a reply after a bounce, say) changes nothing.

/** The run leads moved to `runLeadTo` when their sequence ends: those waiting for a step, or for review of one. */
const WAITING = [RUN_LEAD_STATE.running, RUN_LEAD_STATE.awaiting_review];
/** A send some attempt holds (or whose end nobody knows): its run lead moves when the send records its end. */
const IN_FLIGHT = [SEND_STATUS.sending, SEND_STATUS.committing, SEND_STATUS.in_doubt];
/** Run leads moved per statement (well under PostgreSQL's bind-parameter limit). */
const MOVE_CHUNK = 10_000;

export async function endSequences(
  tx: Tx,
  runLeadIds: readonly string[],
  reason: SequenceEndReason,
  options: { runLeadTo?: RunLeadState | null } = {},
): Promise<number> {
  const finished = await finishSequences(tx, [...new Set(runLeadIds)], reason);
  if (finished.length === 0) return 0;
  const ids = finished.map((row) => row.id);
  await cancelUnsentFollowUps(tx, ids);
  const runLeadTo = options.runLeadTo === undefined ? RUN_LEAD_STATE.done : options.runLeadTo;
  // A run lead whose step is being sent right now stays `running` until the send records its end.
  // Prisma binds each id of an `in` list as a parameter (PostgreSQL takes at most 32,767 in one
  // statement), so a whole run's leads (POST /runs/{id}/stop-sequences) move MOVE_CHUNK at a time.
  if (runLeadTo)
    for (let at = 0; at < ids.length; at += MOVE_CHUNK)
      await moveRunLeads(
        { id: { in: ids.slice(at, at + MOVE_CHUNK) }, drafts: { none: { send: { status: { in: IN_FLIGHT } } } } },
        runLeadTo,
        {},
        { tx, from: WAITING },
      );
  const runs = await queryIn<{ id: string; workspaceId: string; campaignId: string | null }>(
    tx,
    `SELECT id, "workspaceId", "campaignId" FROM runs WHERE id = ANY($1)`,
    [[...new Set(finished.map((row) => row.runId))]],
  );
  const byRun = new Map(runs.map((run) => [run.id, run]));
  const events = new Map<string, OutboxEvent[]>();
  for (const row of finished) {
    const run = byRun.get(row.runId)!;
    const list = events.get(run.workspaceId) ?? [];
    list.push({ type: "lead.sequence_ended", data: { lead_id: row.leadId, run_id: row.runId, campaign_id: run.campaignId, step: row.step, reason } });
    events.set(run.workspaceId, list);
  }
  for (const [workspaceId, list] of events) await writeEvents(tx, workspaceId, list);
  return finished.length;
}

/** Ends every sequence of a run still going (the run canceled): `stopped`; the caller moves the run leads. */
export async function endRunSequences(tx: Tx, runId: string): Promise<number> {
  const rows = await queryIn<{ id: string }>(
    tx,
    `SELECT rl.id FROM run_leads rl JOIN runs r ON r.id = rl."runId" WHERE rl."runId" = $1 AND r.steps IS NOT NULL AND rl."sequenceStatus" IS DISTINCT FROM $2`,
    [runId, SEQUENCE_STATUS.finished],
  );
  return endSequences(
    tx,
    rows.map((row) => row.id),
    SEQUENCE_END_REASON.stopped,
    { runLeadTo: null },
  );
}
