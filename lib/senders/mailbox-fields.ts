import { z } from "zod";
import type { MailboxStatus } from "@/lib/generated/prisma/client.ts";
import { OutboundHost } from "@/lib/net/outbound";
import { MAILBOX_STATES } from "@/lib/statuses";

// The fields of an IMAP mailbox, as answered and as written: the workspace's own (/v1/mailbox,
// lib/mailbox/mailbox-settings.ts) and each sender's (/v1/senders). They sit with the senders, below
// lib/mailbox/ (whose intake reads the senders' mailboxes), so the two do not import each other.

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
    host: OutboundHost, // the relay's rule: public addresses only, unless OUTBOUND_ALLOWLIST opens a range
    port: z.number().int().min(1).max(65535),
    secure: z.boolean().default(true).meta({ description: "TLS from the start (port 993); otherwise STARTTLS when offered" }),
    username: z.string().trim().min(1).max(320),
    password: z.string().max(1024).nullable().optional().meta({ description: "Write-only; omit to keep, null to remove" }),
    folders: z.array(Folder).min(1).max(20).default(["INBOX"]).meta({ description: "Folders read for replies and bounces" }),
  })
  .meta({ id: "PutMailbox" });
export type PutMailboxBody = z.infer<typeof PutMailboxBody>;
