import { db } from "@/lib/db";
import type { RelaySettings } from "@/lib/generated/prisma/client.ts";

// The relay a draft is sent through (lib/sending/send-draft.ts): its send's sender (set when it was
// scheduled, lib/senders/schedule.ts), else its run lead's, else the workspace's default sender
// (/relay). A sender is turned into the relay settings' shape, so the send path is the same for both.

type SendingDraft = {
  workspaceId: string;
  workspace: { relay: RelaySettings | null };
  send: { senderId: string | null } | null;
  runLead: { senderId: string | null };
};

export async function relayForDraft(draft: SendingDraft): Promise<RelaySettings | null> {
  const senderId = draft.send?.senderId ?? draft.runLead.senderId;
  if (!senderId) return draft.workspace.relay;
  const sender = await db().sender.findFirst({ where: { id: senderId, workspaceId: draft.workspaceId }, omit: { relayPasswordEncrypted: false } });
  // A deleted sender's sends are moved to another (lib/senders/reassign.ts); one that slipped past goes by the default.
  if (!sender) return draft.workspace.relay;
  return {
    workspaceId: sender.workspaceId,
    host: sender.relayHost,
    port: sender.relayPort,
    secure: sender.relaySecure,
    username: sender.relayUsername,
    passwordEncrypted: sender.relayPasswordEncrypted,
    fromEmail: sender.fromEmail,
    fromName: sender.fromName,
    lastFailure: null,
    lastFailureAt: null,
    updatedAt: sender.updatedAt,
  };
}
