import { db } from "@/lib/db";
import type { MailboxSettings, MailboxStatus } from "@/lib/generated/prisma/client.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secrets";
import { NotFound } from "@/lib/errors";
import { checkImap } from "@/lib/mailbox/imap-connection";
import { presentMailboxStatus, type PutMailboxBody } from "@/lib/senders/mailbox-fields";

// The workspace's IMAP mailbox, which the intake loop reads for replies and bounces. The password
// is write-only and sealed at rest, like the relay's. Its fields' rules: lib/senders/mailbox-fields.ts.

/** Reads that present or use the mailbox ask for the sealed password (lib/db.ts leaves it out). */
const WITH_PASSWORD = { passwordEncrypted: false } as const;

export function presentMailbox(mailbox: MailboxSettings, status: MailboxStatus | null) {
  return {
    host: mailbox.host,
    port: mailbox.port,
    secure: mailbox.secure,
    username: mailbox.username,
    has_password: mailbox.passwordEncrypted !== null,
    folders: mailbox.folders,
    status: presentMailboxStatus(status),
    updated_at: mailbox.updatedAt.toISOString(),
  };
}

export async function getMailbox(workspaceId: string) {
  const mailbox = await findMailbox(workspaceId);
  if (!mailbox) throw new NotFound("mailbox (none is configured yet)");
  return mailbox;
}

/** The saved mailbox, or null when none is saved yet (the settings page reads this: no failing request). */
export async function findMailbox(workspaceId: string) {
  const mailbox = await db().mailboxSettings.findUnique({
    where: { workspaceId },
    include: { workspace: { select: { mailboxStatus: true } } },
    omit: WITH_PASSWORD,
  });
  return mailbox ? presentMailbox(mailbox, mailbox.workspace.mailboxStatus) : null;
}

export async function putMailbox(workspaceId: string, body: PutMailboxBody, actor: Actor) {
  const password = body.password === undefined ? {} : { passwordEncrypted: body.password === null ? null : encryptSecret(body.password) };
  const folders = [...new Set(body.folders)];
  const fields = { host: body.host, port: body.port, secure: body.secure, username: body.username, folders };
  const mailbox = await db().$transaction(async (tx) => {
    const saved = await tx.mailboxSettings.upsert({
      where: { workspaceId },
      create: { workspaceId, ...fields, ...password },
      update: { ...fields, ...password },
      omit: WITH_PASSWORD,
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "mailbox.updated",
      target: { type: "mailbox", id: workspaceId },
      data: {
        host: body.host,
        port: body.port,
        username: body.username,
        folders,
        password: body.password === undefined ? "kept" : body.password === null ? "removed" : "set",
      },
    });
    return saved;
  });
  return presentMailbox(mailbox, await db().mailboxStatus.findUnique({ where: { workspaceId } }));
}

/** Connects, logs in and opens each folder, reading nothing. Never throws for a server that fails; says why. */
export async function checkMailbox(workspaceId: string): Promise<{ ok: boolean; message: string }> {
  const mailbox = await db().mailboxSettings.findUnique({ where: { workspaceId }, omit: WITH_PASSWORD });
  if (!mailbox) throw new NotFound("mailbox (none is configured yet)");
  return checkImap(mailbox);
}
