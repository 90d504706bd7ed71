import { z } from "zod";
import { MAILBOX_STATES } from "@/lib/statuses";
import { db } from "@/lib/db";
import type { MailboxSettings, MailboxStatus } from "@/lib/generated/prisma/client.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secrets";
import { NotFound } from "@/lib/errors";
import { checkImap } from "@/lib/mailbox/imap-connection";
import { outboundHostProblem } from "@/lib/net/outbound";

// The workspace's IMAP mailbox, which the intake loop reads for replies and bounces. The password
// is write-only and sealed at rest, like the relay's.

/** What the intake worker last saw of a mailbox: the workspace's own (/mailbox) or a sender's (/senders). */
export const MailboxStatusSchema = z
  .object({
    state: z.enum(["not_started", ...MAILBOX_STATES]),
    last_error: z.string().nullable(),
    last_checked_at: z.string().nullable().meta({ description: "When the worker last read every folder to the end" }),
    changed_at: z.string().nullable(),
  })
  .meta({ id: "MailboxStatus", description: "What the intake worker last saw of this mailbox (written by the worker only)" });

type StatusRow = Pick<MailboxStatus, "state" | "lastError" | "lastCheckedAt" | "changedAt">;

export function presentMailboxStatus(status: StatusRow | null): z.infer<typeof MailboxStatusSchema> {
  return {
    state: (status?.state ?? "not_started") as z.infer<typeof MailboxStatusSchema>["state"],
    last_error: status?.lastError ?? null,
    last_checked_at: status?.lastCheckedAt?.toISOString() ?? null,
    changed_at: status?.changedAt.toISOString() ?? null,
  };
}

/** A mailbox as answered: the workspace's own (/v1/mailbox) and each sender's (/v1/senders). */
export const MAILBOX_FIELDS = {
  host: z.string(),
  port: z.number().int(),
  secure: z.boolean(),
  username: z.string(),
  has_password: z.boolean(),
  folders: z.array(z.string()),
  status: MailboxStatusSchema,
};

export const MailboxSchema = z.object({ ...MAILBOX_FIELDS, updated_at: z.string() }).meta({ id: "Mailbox" });

const Folder = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\u0000-\u001f*%]+$/, "must be a folder name without control characters, * or %");

export const PutMailboxBody = z
  .strictObject({
    host: z
      .string()
      .trim()
      .min(1)
      .max(253)
      .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/, "must be a host name or IP address")
      .superRefine((value, ctx) => {
        const problem = outboundHostProblem(value); // the relay's rule: public addresses only, unless OUTBOUND_ALLOWLIST opens a range
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    port: z.number().int().min(1).max(65535),
    secure: z.boolean().default(true).meta({ description: "TLS from the start (port 993); otherwise STARTTLS when offered" }),
    username: z.string().trim().min(1).max(320),
    password: z.string().max(1024).nullable().optional().meta({ description: "Write-only; omit to keep, null to remove" }),
    folders: z.array(Folder).min(1).max(20).default(["INBOX"]).meta({ description: "Folders read for replies and bounces" }),
  })
  .meta({ id: "PutMailbox" });
export type PutMailboxBody = z.infer<typeof PutMailboxBody>;

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
