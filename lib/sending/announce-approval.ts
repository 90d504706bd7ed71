import type { PoolClient } from "pg";
import { publicStep } from "@/lib/lifecycle/draft-kind";
import { sqlTransaction } from "@/lib/db";
import { writeEvents, type OutboxEvent } from "@/lib/events/outbox";
import { APPROVED_DRAFT_STATUSES } from "@/lib/lifecycle/draft";

// `draft.approved` tells webhook consumers an approval that stands. An API approval stands at once
// (approveDraft writes the event in its own transaction). A web approval can be undone for
// UNDO_WINDOW_MS (lib/sending/send-window.ts), so its event leaves only when the window has closed,
// together with the send: the send job announces the approval before it sends (lib/sending/send-job.ts),
// and the resume sweep announces those whose job was lost. `drafts.approvalAnnouncedAt` is set in
// the same transaction as the outbox row, and only while null, so each approval is announced once
// and always before its send.completed (the outbox dispatches in event id order, and the send starts
// after this commit). undoApproval refuses an approval already announced.

type Announced = { id: string; workspaceId: string; leadId: string; runId: string; reviewerId: string; edited: boolean; step: number; senderId: string | null };

const RETURNING = `RETURNING d.id, d."workspaceId", d."leadId", d."runId", d."reviewerId", d.edited, d.step,
  (SELECT rl."senderId" FROM run_leads rl WHERE rl.id = d."runLeadId") AS "senderId"`;
/**
 * Approvals that stand (APPROVED_DRAFT_STATUSES, parameter $3): approved, and sent or failed since
 * (never announced only if something skipped the send job).
 */
const STANDING = `d.status = ANY($3) AND d."approvalAnnouncedAt" IS NULL`;
const SWEEP_BATCH = 1000;

async function announceRows(client: PoolClient, rows: Announced[]): Promise<void> {
  const byWorkspace = new Map<string, OutboxEvent[]>();
  for (const row of [...rows].sort((a, b) => a.id.localeCompare(b.id))) {
    const events = byWorkspace.get(row.workspaceId) ?? [];
    events.push({
      type: "draft.approved",
      data: {
        lead_id: row.leadId,
        draft_id: row.id,
        run_id: row.runId,
        reviewer: row.reviewerId,
        edited: row.edited,
        step: publicStep(row.step),
        sender_id: row.senderId,
      },
    });
    byWorkspace.set(row.workspaceId, events);
  }
  for (const [workspaceId, events] of byWorkspace) await writeEvents(client, workspaceId, events);
}

/**
 * Announces one draft's approval if it stands, its window closed by `now` (the caller's clock, the
 * one that decided the send may go) and it was not announced yet. True when this call announced it.
 */
export async function announceApproval(draftId: string, now = new Date()): Promise<boolean> {
  return sqlTransaction(async (client) => {
    const { rows } = await client.query<Announced>(
      `UPDATE drafts d SET "approvalAnnouncedAt" = now()
        WHERE d.id = $1 AND ${STANDING} AND (d."sendAfter" IS NULL OR d."sendAfter" <= $2) ${RETURNING}`,
      [draftId, now, APPROVED_DRAFT_STATUSES],
    );
    await announceRows(client, rows);
    return rows.length > 0;
  });
}

/**
 * The sweep (run by resumeRuns every minute): approvals whose undo window closed more than
 * `graceSeconds` ago and that no send job announced (the job was lost with Redis, or dropped).
 * Set-based, in batches, on the (approvalAnnouncedAt, sendAfter) index; rows a send job is
 * announcing right now are skipped (SKIP LOCKED). Returns how many it announced.
 */
export async function announceDueApprovals(graceSeconds = 60): Promise<number> {
  let total = 0;
  for (;;) {
    const announced = await sqlTransaction(async (client) => {
      const { rows } = await client.query<Announced>(
        `WITH due AS (
           SELECT id FROM drafts
            WHERE "approvalAnnouncedAt" IS NULL AND "sendAfter" < now() - make_interval(secs => $1)
              AND status = ANY($3)
            ORDER BY "sendAfter" LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE drafts d SET "approvalAnnouncedAt" = now() FROM due WHERE d.id = due.id AND ${STANDING} ${RETURNING}`,
        [graceSeconds, SWEEP_BATCH, APPROVED_DRAFT_STATUSES],
      );
      await announceRows(client, rows);
      return rows.length;
    });
    total += announced;
    if (announced < SWEEP_BATCH) return total;
  }
}
