import type { ImapFlow } from "imapflow";
import { db, sql } from "@/lib/db";
import { log } from "@/lib/log";
import { imapClient } from "@/lib/mailbox/imap-connection";
import { enqueueBulkAfterCommit } from "@/lib/queues";
import { type MailboxConnection, SENDER_HAS_MAILBOX, senderMailbox } from "@/lib/senders/sender-mailbox";
import { recordSent, SENDING_DRAFT_SELECT } from "@/lib/sending/record-send";
import { SEND_STATUS } from "@/lib/statuses";

// Resolving in-doubt sends from the mailbox (docs/reliability.md, "Sending exactly once"). A mail
// service that keeps a copy of what its relay sent (Gmail, Microsoft 365, most hosted mail) puts it
// in the sender mailbox's Sent folder: a send in doubt whose Message-ID is there did reach the
// relay, and is recorded sent (confirmed, with send.completed as any send). Each send is looked for
// in the mailbox of the sender it went out from (the workspace's own for the default sender). One that is not there
// stays in doubt: the relay may still hold it in its queue, so it is never sent again on its own.
// The search is repeated by the `check-in-doubt-sends` sweep until the send is resolved (by this
// check or by a reviewer), for SENT_FOLDER_CHECK_DAYS. Without a configured mailbox only a
// reviewer resolves it.

/** How long after a send became in doubt the sweep still looks for it. */
export const SENT_FOLDER_CHECK_DAYS = 7;
/** Sends of one workspace searched per job. */
const BATCH = 200;
const SENT_NAMES = ["Sent", "Sent Items", "Sent Messages", "Sent Mail", "INBOX.Sent"];

/** The mailbox's Sent folder: the one flagged \Sent (RFC 6154), else one of the usual names. */
export async function findSentFolder(client: ImapFlow): Promise<string | null> {
  const folders = await client.list();
  const flagged = folders.find((folder) => folder.specialUse === "\\Sent");
  if (flagged) return flagged.path;
  for (const name of SENT_NAMES) {
    const match = folders.find((folder) => folder.path.toLowerCase() === name.toLowerCase());
    if (match) return match.path;
  }
  return null;
}

/** One mailbox whose Sent folder is searched: the workspace's own (the default sender's) or a sender's. */
type SentMailbox = { senderId: string | null; owner: string; connection: MailboxConnection };
export type SentFolderCheck = {
  checked: number;
  found: number;
  folders: { sender_id: string | null; folder: string | null; checked: number; found: number }[];
};

/**
 * The mailboxes a workspace's in-doubt sends are looked for in: a send of the default sender in the
 * workspace's own mailbox, a send of a sender in that sender's mailbox (disabled or not: its Sent
 * folder still says what went out). A send whose sender has no mailbox (or was deleted) waits for a
 * reviewer: it is never looked for in another sender's mailbox.
 */
async function mailboxesOf(workspaceId: string): Promise<SentMailbox[]> {
  const own = await db().mailboxSettings.findUnique({ where: { workspaceId }, omit: { passwordEncrypted: false } });
  const senders = await db().sender.findMany({
    where: { workspaceId, ...SENDER_HAS_MAILBOX },
    omit: { mailboxPasswordEncrypted: false },
    orderBy: { id: "asc" },
  });
  return [
    ...(own ? [{ senderId: null, owner: "the workspace's mailbox", connection: own }] : []),
    ...senders.map((sender) => ({ senderId: sender.id, owner: `the mailbox of sender ${sender.fromEmail}`, connection: senderMailbox(sender)! })),
  ];
}

/** Searches each mailbox's Sent folder for the in-doubt sends that went out through it; records those found as sent. */
export async function checkSentFolder(workspaceId: string): Promise<SentFolderCheck> {
  const result: SentFolderCheck = { checked: 0, found: 0, folders: [] };
  let failure: Error | null = null;
  for (const mailbox of await mailboxesOf(workspaceId)) {
    // One mailbox that fails does not keep the others from being searched; the job is retried after.
    const one = await checkMailbox(workspaceId, mailbox).catch((error: Error) => {
      log.warn({ workspaceId, senderId: mailbox.senderId, err: error.message }, "in-doubt sends: the Sent folder could not be searched");
      failure ??= error;
      return null;
    });
    if (!one) continue;
    result.checked += one.checked;
    result.found += one.found;
    if (one.checked > 0) result.folders.push({ sender_id: mailbox.senderId, ...one });
  }
  if (failure) throw failure;
  return result;
}

async function checkMailbox(workspaceId: string, mailbox: SentMailbox): Promise<{ checked: number; found: number; folder: string | null }> {
  const { senderId } = mailbox;
  const since = new Date(Date.now() - SENT_FOLDER_CHECK_DAYS * 86_400_000);
  const sends = await db().send.findMany({
    where: { workspaceId, senderId, status: SEND_STATUS.in_doubt, inDoubtAt: { gte: since } },
    include: { draft: { select: SENDING_DRAFT_SELECT } },
    orderBy: { sentCheckedAt: { sort: "asc", nulls: "first" } },
    take: BATCH,
  });
  if (sends.length === 0) return { checked: 0, found: 0, folder: null };

  const client = await imapClient(mailbox.connection);
  client.on("error", () => undefined); // the awaited calls below report it
  let found = 0;
  try {
    await client.connect();
    const folder = await findSentFolder(client);
    if (!folder) {
      log.warn({ workspaceId, senderId }, "in-doubt sends: the mailbox has no Sent folder (no \\Sent flag, no usual name); a reviewer decides");
      await db().send.updateMany({ where: { id: { in: sends.map((send) => send.id) } }, data: { sentCheckedAt: new Date() } });
      return { checked: sends.length, found: 0, folder: null };
    }
    const lock = await client.getMailboxLock(folder, { readOnly: true });
    try {
      for (const send of sends) {
        const uids = await client.search({ header: { "message-id": send.messageId } }, { uid: true });
        if (uids && uids.length > 0) {
          const note = `Found in the Sent folder (${folder}) of ${mailbox.owner} after its outcome was in doubt.`;
          const recorded = await recordSent(send.draft, send, { acceptedAt: send.committingAt ?? send.inDoubtAt ?? new Date(), confirmed: true, note }, [
            SEND_STATUS.in_doubt,
          ]);
          if (recorded) found += 1;
        } else {
          await db().send.updateMany({ where: { id: send.id, status: SEND_STATUS.in_doubt }, data: { sentCheckedAt: new Date() } });
        }
      }
    } finally {
      lock.release();
    }
    log.info({ workspaceId, senderId, folder, checked: sends.length, found }, "in-doubt sends looked for in the Sent folder");
    return { checked: sends.length, found, folder };
  } finally {
    await client.logout().catch(() => client.close());
  }
}

/** The sweep: queues a check for every workspace with sends still in doubt in a mailbox that can be searched. */
export async function queueSentFolderChecks(): Promise<number> {
  const { rows } = await sql().query<{ workspaceId: string }>(
    `SELECT DISTINCT s."workspaceId" FROM sends s
       LEFT JOIN mailbox_settings m ON s."senderId" IS NULL AND m."workspaceId" = s."workspaceId"
       LEFT JOIN senders d ON d.id = s."senderId" AND d."workspaceId" = s."workspaceId" AND d."mailboxHost" IS NOT NULL
      WHERE s.status = $2 AND s."inDoubtAt" >= now() - make_interval(days => $1) AND (m."workspaceId" IS NOT NULL OR d.id IS NOT NULL)`,
    [SENT_FOLDER_CHECK_DAYS, SEND_STATUS.in_doubt],
  );
  const slot = Math.floor(Date.now() / 60_000).toString(36);
  await enqueueBulkAfterCommit(
    "reconcile",
    rows.map((row) => ({ payload: { v: 1 as const, workspaceId: row.workspaceId }, options: { tag: `sweep-${slot}` } })),
  );
  return rows.length;
}
