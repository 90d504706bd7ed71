import type { ImapFlow } from "imapflow";
import { db } from "@/lib/db";
import { ingestBatch, type RawMessage } from "@/lib/mailbox/ingest";

// Reads one folder from where the intake loop stopped: every message with a UID above the cursor
// (the cursor counts only for the folder's current UIDVALIDITY; a new one means the server
// renumbered the folder, so it is read again from the start and Message-IDs already stored are
// skipped). Messages are handed on in batches; each batch commits with the cursor.

const BATCH = 100;

/** `storedAs`: the folder's name in the cursor and the stored messages (a sender's mailbox prefixes its id). */
export async function readFolder(client: ImapFlow, workspaceId: string, folder: string, storedAs = folder): Promise<number> {
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  let taken = 0;
  try {
    const box = client.mailbox;
    if (!box) return 0;
    const cursor = await db().mailboxCursor.findUnique({ where: { workspaceId_folder: { workspaceId, folder: storedAs } } });
    const lastUid = cursor && cursor.uidValidity === box.uidValidity ? Number(cursor.lastUid) : 0;
    // Not uidNext: imapflow keeps the value from when the folder was opened, and the folder stays
    // open between reads, so it would hide new mail. EXISTS updates `exists` live.
    if (box.exists === 0) return 0;
    let batch: RawMessage[] = [];
    // `n:*` always answers at least the last message, even when its UID is below n: filtered below.
    for await (const message of client.fetch(`${lastUid + 1}:*`, { uid: true, source: true, internalDate: true }, { uid: true })) {
      if (message.uid <= lastUid || !message.source) continue;
      const internalDate = message.internalDate instanceof Date ? message.internalDate : message.internalDate ? new Date(message.internalDate) : null;
      batch.push({ uid: message.uid, raw: message.source, internalDate });
      if (batch.length >= BATCH) {
        await ingestBatch(workspaceId, storedAs, box.uidValidity, batch);
        taken += batch.length;
        batch = [];
      }
    }
    if (batch.length) await ingestBatch(workspaceId, storedAs, box.uidValidity, batch);
    taken += batch.length;
    return taken;
  } finally {
    lock.release();
  }
}
