import { db } from "@/lib/db";
import type { RelaySettings, Sender } from "@/lib/generated/prisma/client.ts";
import { NotFound } from "@/lib/errors";
import { checkConnection, type ConnectionCheck } from "@/lib/senders/relay-connection";

// The relay a draft is sent through (lib/sending/send-draft.ts): its send's sender (set when it was
// scheduled, lib/senders/schedule.ts), else its run lead's, else the workspace's default sender
// (/relay). A sender is turned into the relay settings' shape, so the send path is the same for both.
// The send records the sender it was claimed for (`sends.senderId`), so an in-doubt send is looked
// for in that sender's mailbox (lib/mailbox/sent-folder-check.ts) even after its lead moved on.

type SendingDraft = {
  workspaceId: string;
  workspace: { relay: RelaySettings | null };
  send: { senderId: string | null; status?: string } | null;
  runLead: { senderId: string | null };
};

/** The relay, and the sender it belongs to (null: the default sender), which the send records when claimed. */
export type DraftRelay = RelaySettings & { senderId: string | null };

export async function relayForDraft(draft: SendingDraft): Promise<DraftRelay | "moved" | null> {
  const senderId = draft.send?.senderId ?? draft.runLead.senderId;
  const fallback = draft.workspace.relay && { ...draft.workspace.relay, senderId: null };
  if (!senderId) return fallback;
  const sender = await db().sender.findFirst({ where: { id: senderId, workspaceId: draft.workspaceId }, omit: { relayPasswordEncrypted: false } });
  // A disabled or deleted sender's drafts are written again for another and reviewed again
  // (lib/wiring/sender-changes.ts): one that slipped past is not sent From anyone else (contract §13).
  // An attempt already under way (a worker that died while sending) finishes where it is.
  const underWay = draft.send?.status === "sending" || draft.send?.status === "committing";
  if (!sender || (!sender.enabled && !underWay)) return "moved";
  return senderAsRelay(sender);
}

/** A sender's relay in the relay settings' shape (its password still sealed). */
export function senderAsRelay(sender: Omit<Sender, "mailboxPasswordEncrypted">): DraftRelay {
  return {
    senderId: sender.id,
    workspaceId: sender.workspaceId,
    host: sender.relayHost,
    port: sender.relayPort,
    secure: sender.relaySecure,
    username: sender.relayUsername,
    passwordEncrypted: sender.relayPasswordEncrypted,
    fromEmail: sender.fromEmail,
    fromName: sender.fromName,
    lastFailure: sender.lastFailure,
    lastFailureAt: sender.lastFailureAt,
    pausedAt: sender.pausedAt,
    pausedReason: sender.pausedReason,
    dkimSelector: sender.dkimSelector,
    dns: sender.dns,
    updatedAt: sender.updatedAt,
  };
}

/**
 * POST /senders/{id}/check (Settings → Senders, "Check connection"): connects to the sender's own
 * relay with its own host, port, TLS, username and sealed password, says hello and logs in, sending
 * nothing. The relay's check, the same code (lib/senders/relay-connection.ts).
 */
export async function checkSenderConnection(workspaceId: string, id: string): Promise<ConnectionCheck> {
  const sender = await db().sender.findFirst({ where: { id, workspaceId }, omit: { relayPasswordEncrypted: false } });
  if (!sender) throw new NotFound("sender");
  return checkConnection(senderAsRelay(sender));
}
