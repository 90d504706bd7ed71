import { sql } from "@/lib/db";
import { enqueueBulkAfterCommit } from "@/lib/queues";

// Drafts approved while the workspace had no relay wait in `waiting_relay`. Saving a relay moves
// them to `pending` (with a Message-ID under the relay's domain: nothing was sent under the old
// one) and queues their sends; if Redis is away the resume sweep queues them a minute later.

export async function releaseWaitingSends(workspaceId: string, fromEmail: string): Promise<number> {
  const domain = fromEmail.split("@")[1] ?? "leadpipe.local";
  const { rows } = await sql().query<{ draftId: string }>(
    `UPDATE sends SET status = 'pending', "messageId" = '<' || id || '@' || $2 || '>'
      WHERE "workspaceId" = $1 AND status = 'waiting_relay' RETURNING "draftId"`,
    [workspaceId, domain],
  );
  const stamp = Date.now().toString(36);
  if (rows.length) {
    await enqueueBulkAfterCommit("send", rows.map((row) => ({ payload: { v: 1 as const, draftId: row.draftId }, options: { tag: `relay-${stamp}` } })));
  }
  return rows.length;
}
