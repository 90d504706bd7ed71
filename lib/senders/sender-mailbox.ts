import type { Sender } from "@/lib/generated/prisma/client.ts";

// A sender's IMAP mailbox as the mailbox code reads one (the workspace's own mailbox has the same
// shape, in mailbox_settings): the intake loop reads it for replies, the in-doubt check searches its
// Sent folder (lib/mailbox/sent-folder-check.ts).

export type MailboxConnection = { host: string; port: number; secure: boolean; username: string; passwordEncrypted: string | null; folders: string[] };

/** Where a sender's mailbox is `WHERE`: the host, port and username all set. */
export const SENDER_HAS_MAILBOX = { mailboxHost: { not: null }, mailboxPort: { not: null }, mailboxUsername: { not: null } } as const;

/** The sender's mailbox, or null when it has none. Pass a row read with its sealed password. */
export function senderMailbox(
  sender: Pick<Sender, "mailboxHost" | "mailboxPort" | "mailboxSecure" | "mailboxUsername" | "mailboxPasswordEncrypted" | "mailboxFolders">,
): MailboxConnection | null {
  if (sender.mailboxHost === null || sender.mailboxPort === null || sender.mailboxUsername === null) return null;
  return {
    host: sender.mailboxHost,
    port: sender.mailboxPort,
    secure: sender.mailboxSecure ?? true,
    username: sender.mailboxUsername,
    passwordEncrypted: sender.mailboxPasswordEncrypted,
    folders: sender.mailboxFolders.length ? sender.mailboxFolders : ["INBOX"],
  };
}
