import { releaseWaitingSendRows } from "@/lib/lifecycle/send";
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
