import { sql } from "@/lib/db";
import { releaseWaitingSendRows } from "@/lib/lifecycle/send";
import { DRAFT_STATUS, SEND_STATUS } from "@/lib/statuses";
import { enqueueBulkAfterCommit } from "@/lib/queues";

// Drafts approved while the workspace had no relay wait in `waiting_relay`. Saving a relay moves
// them to `pending` (with a Message-ID under the relay's domain: nothing was sent under the old
// one) and queues their sends; if Redis is away the resume sweep queues them a minute later.

export async function releaseWaitingSends(workspaceId: string, fromEmail: string): Promise<number> {
  const domain = fromEmail.split("@")[1] ?? "leadpipe.local";
  const draftIds = await releaseWaitingSendRows(workspaceId, domain);
  const stamp = Date.now().toString(36);
  if (draftIds.length) {
    await enqueueBulkAfterCommit(
      "send",
      draftIds.map((draftId) => ({ payload: { v: 1 as const, draftId }, options: { tag: `relay-${stamp}` } })),
    );
  }
  return draftIds.length;
}

/**
 * A sender resumed (lib/senders/health.ts): its approved drafts not yet sent are queued again. The
 * send job keeps each draft's slot (or, past, sends it now); the claim makes each go once.
 */
export async function releasePausedSends(workspaceId: string, senderId: string | null): Promise<number> {
  const { rows } = await sql().query<{ id: string }>(
    `SELECT d.id FROM drafts d JOIN run_leads rl ON rl.id = d."runLeadId" LEFT JOIN sends s ON s."draftId" = d.id
      WHERE d."workspaceId" = $1 AND d.status = $2
        AND ((s.id IS NULL AND rl."senderId" IS NOT DISTINCT FROM $3) OR (s.status = ANY($4) AND COALESCE(s."senderId", rl."senderId") IS NOT DISTINCT FROM $3))`,
    [workspaceId, DRAFT_STATUS.approved, senderId, [SEND_STATUS.pending, SEND_STATUS.sending]],
  );
  const stamp = Date.now().toString(36);
  if (rows.length)
    await enqueueBulkAfterCommit(
      "send",
      rows.map((row) => ({ payload: { v: 1 as const, draftId: row.id }, options: { tag: `resume-${stamp}` } })),
    );
  return rows.length;
}
