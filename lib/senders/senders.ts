import { z } from "zod";
import { db } from "@/lib/db";
import type { Sender, SenderMailboxStatus } from "@/lib/generated/prisma/client.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secrets";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { decodeCursor, type ListQuery, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { MAILBOX_FIELDS, presentMailboxStatus, PutMailboxBody } from "@/lib/mailbox/mailbox-settings";
import { PutRelayBody } from "@/lib/relay/relay-settings";
import { moveSenderSends } from "@/lib/senders/reassign";

// Senders (contract §12): more from identities for a workspace, each with its own SMTP relay and,
// optionally, its own IMAP mailbox, a daily cap and a ramp. The workspace's /relay + /mailbox stay
// its default sender and are not listed here. Passwords are write-only and sealed at rest, like the
// relay's. Leads are assigned to senders and sends scheduled on them in lib/senders/schedule.ts; a
// sender disabled or deleted hands its pending sends on (lib/senders/reassign.ts).

// The relay's and mailbox's own field rules (the outbound host rule included).
const relayFields = PutRelayBody.shape;
const mailboxFields = PutMailboxBody.shape;
const password = z.string().max(1024).nullable().optional().meta({ description: "Write-only; omit to keep, null to remove" });

const SenderRelayInput = z
  .strictObject({ host: relayFields.host, port: relayFields.port, secure: relayFields.secure, username: relayFields.username, password })
  .meta({ id: "SenderRelayInput" });
const SenderMailboxInput = z
  .strictObject({
    host: mailboxFields.host,
    port: mailboxFields.port,
    secure: mailboxFields.secure,
    username: mailboxFields.username,
    password,
    folders: mailboxFields.folders,
  })
  .meta({ id: "SenderMailboxInput" });
const DailyCap = z.number().int().min(1).max(100_000).nullable().meta({ description: "Most mails a day; null for no cap" });
const Ramp = z
  .strictObject({
    start: z.number().int().min(1).max(100_000).meta({ description: "The cap on the first day" }),
    step_per_day: z.number().int().min(0).max(100_000).meta({ description: "Added to the cap each day until daily_cap" }),
  })
  .nullable()
  .meta({ id: "SenderRamp" });

export const CreateSenderBody = z
  .strictObject({
    from_email: relayFields.from_email,
    from_name: relayFields.from_name,
    relay: SenderRelayInput,
    mailbox: SenderMailboxInput.nullable().default(null).meta({ description: "Read for replies; null for none" }),
    daily_cap: DailyCap.default(null),
    ramp: Ramp.default(null),
    enabled: z.boolean().default(true),
  })
  .meta({ id: "CreateSender" });
export type CreateSenderBody = z.infer<typeof CreateSenderBody>;

export const UpdateSenderBody = z
  .strictObject({
    from_email: relayFields.from_email.optional(),
    from_name: relayFields.from_name,
    relay: SenderRelayInput.optional().meta({ description: "Replaces the relay settings; an omitted password is kept" }),
    mailbox: SenderMailboxInput.nullable().optional().meta({ description: "Replaces the mailbox settings (an omitted password is kept); null removes it" }),
    daily_cap: DailyCap.optional(),
    ramp: Ramp.optional(),
    enabled: z.boolean().optional(),
  })
  .meta({ id: "UpdateSender" });
export type UpdateSenderBody = z.infer<typeof UpdateSenderBody>;

export const SenderSchema = z
  .object({
    id: z.string(),
    from_email: z.string(),
    from_name: z.string().nullable(),
    relay: z.object({ host: z.string(), port: z.number().int(), secure: z.boolean(), username: z.string().nullable(), has_password: z.boolean() }),
    mailbox: z.object(MAILBOX_FIELDS).nullable(),
    daily_cap: z.number().int().nullable(),
    ramp: z.object({ start: z.number().int(), step_per_day: z.number().int() }).nullable(),
    enabled: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Sender" });

/** A sender as the API and the settings page show it. */
export type SenderItem = z.infer<typeof SenderSchema>;

/** Reads that present a sender ask for the sealed passwords (lib/db.ts leaves them out), only to say whether there is one. */
const WITH_PASSWORDS = { relayPasswordEncrypted: false, mailboxPasswordEncrypted: false } as const;
/** And the worker's view of its mailbox (read-only here: only the intake worker writes it). */
const WITH_STATUS = { mailboxStatus: true } as const;

export function presentSender(sender: Sender & { mailboxStatus: SenderMailboxStatus | null }) {
  const mailbox =
    sender.mailboxHost !== null && sender.mailboxPort !== null && sender.mailboxUsername !== null
      ? {
          host: sender.mailboxHost,
          port: sender.mailboxPort,
          secure: sender.mailboxSecure ?? true,
          username: sender.mailboxUsername,
          has_password: sender.mailboxPasswordEncrypted !== null,
          folders: sender.mailboxFolders,
          status: presentMailboxStatus(sender.mailboxStatus),
        }
      : null;
  return {
    id: sender.id,
    from_email: sender.fromEmail,
    from_name: sender.fromName,
    relay: {
      host: sender.relayHost,
      port: sender.relayPort,
      secure: sender.relaySecure,
      username: sender.relayUsername,
      has_password: sender.relayPasswordEncrypted !== null,
    },
    mailbox,
    daily_cap: sender.dailyCap,
    ramp: sender.rampStart !== null && sender.rampStepPerDay !== null ? { start: sender.rampStart, step_per_day: sender.rampStepPerDay } : null,
    enabled: sender.enabled,
    created_at: sender.createdAt.toISOString(),
    updated_at: sender.updatedAt.toISOString(),
  };
}

/** A ramp climbs to the daily cap: it needs one, and starts at or below it. */
function rampProblems(dailyCap: number | null, ramp: { start: number } | null) {
  if (!ramp) return;
  if (dailyCap === null) throw new ValidationFailed([{ path: "ramp", message: "a ramp needs a daily_cap to climb to" }]);
  if (ramp.start > dailyCap) throw new ValidationFailed([{ path: "ramp.start", message: `must be at most the daily_cap (${dailyCap})` }]);
}

const sealed = (value: string | null | undefined) => (value === undefined ? undefined : value === null ? null : encryptSecret(value));
const passwordWord = (value: string | null | undefined) => (value === undefined ? "kept" : value === null ? "removed" : "set");

function relayColumns(relay: z.infer<typeof SenderRelayInput>) {
  return {
    relayHost: relay.host,
    relayPort: relay.port,
    relaySecure: relay.secure,
    relayUsername: relay.username ?? null,
    relayPasswordEncrypted: sealed(relay.password),
  };
}

function mailboxColumns(mailbox: z.infer<typeof SenderMailboxInput> | null) {
  if (!mailbox) return { mailboxHost: null, mailboxPort: null, mailboxSecure: null, mailboxUsername: null, mailboxPasswordEncrypted: null, mailboxFolders: [] };
  return {
    mailboxHost: mailbox.host,
    mailboxPort: mailbox.port,
    mailboxSecure: mailbox.secure,
    mailboxUsername: mailbox.username,
    mailboxPasswordEncrypted: sealed(mailbox.password),
    mailboxFolders: [...new Set(mailbox.folders)],
  };
}

/** What the audit entry says of a change: the settings without any password, and what happened to each password. */
function auditData(body: UpdateSenderBody) {
  const { relay, mailbox, ...rest } = body;
  return {
    ...rest,
    ...(relay ? { relay: { host: relay.host, port: relay.port, username: relay.username ?? null, password: passwordWord(relay.password) } } : {}),
    ...(mailbox !== undefined
      ? {
          mailbox: mailbox && {
            host: mailbox.host,
            port: mailbox.port,
            username: mailbox.username,
            folders: mailbox.folders,
            password: passwordWord(mailbox.password),
          },
        }
      : {}),
  };
}

async function findRow(workspaceId: string, id: string) {
  const sender = await db().sender.findFirst({ where: { id, workspaceId }, omit: WITH_PASSWORDS, include: WITH_STATUS });
  if (!sender) throw new NotFound("sender");
  return sender;
}

export async function getSender(workspaceId: string, id: string) {
  return presentSender(await findRow(workspaceId, id));
}

export async function listSenders(workspaceId: string, query: z.infer<typeof ListQuery>) {
  const after = decodeCursor("senders", workspaceId, query.cursor);
  const rows = await db().sender.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: "desc" },
    take: query.limit + 1,
    omit: WITH_PASSWORDS,
    include: WITH_STATUS,
  });
  return toPage(rows, query.limit, "senders", workspaceId, presentSender);
}

export async function createSender(workspaceId: string, body: CreateSenderBody, actor: Actor) {
  rampProblems(body.daily_cap, body.ramp);
  const sender = await db().$transaction(async (tx) => {
    const created = await tx.sender.create({
      data: {
        id: newId("sdr"),
        workspaceId,
        fromEmail: body.from_email,
        fromName: body.from_name ?? null,
        ...relayColumns(body.relay),
        ...mailboxColumns(body.mailbox),
        dailyCap: body.daily_cap,
        rampStart: body.ramp?.start ?? null,
        rampStepPerDay: body.ramp?.step_per_day ?? null,
        enabled: body.enabled,
      },
      omit: WITH_PASSWORDS,
      include: WITH_STATUS,
    });
    await recordAudit(tx, { workspaceId, actor, action: "sender.created", target: { type: "sender", id: created.id }, data: auditData(body) });
    return created;
  });
  return presentSender(sender);
}

export async function updateSender(workspaceId: string, id: string, body: UpdateSenderBody, actor: Actor) {
  const before = await findRow(workspaceId, id);
  const dailyCap = body.daily_cap !== undefined ? body.daily_cap : before.dailyCap;
  const ramp = body.ramp !== undefined ? body.ramp : before.rampStart !== null ? { start: before.rampStart } : null;
  rampProblems(dailyCap, ramp);
  const mailbox = body.mailbox === undefined ? {} : mailboxColumns(body.mailbox);
  // A mailbox given without a password keeps the saved one (when there was a mailbox to keep it from).
  if (body.mailbox && body.mailbox.password === undefined && before.mailboxHost === null) Object.assign(mailbox, { mailboxPasswordEncrypted: null });
  const sender = await db().$transaction(async (tx) => {
    const updated = await tx.sender.update({
      where: { id, workspaceId },
      data: {
        fromEmail: body.from_email,
        fromName: body.from_name,
        ...(body.relay ? relayColumns(body.relay) : {}),
        ...mailbox,
        dailyCap: body.daily_cap,
        ...(body.ramp !== undefined ? { rampStart: body.ramp?.start ?? null, rampStepPerDay: body.ramp?.step_per_day ?? null } : {}),
        enabled: body.enabled,
      },
      omit: WITH_PASSWORDS,
      include: WITH_STATUS,
    });
    await recordAudit(tx, { workspaceId, actor, action: "sender.updated", target: { type: "sender", id }, data: auditData(body) });
    return updated;
  });
  if (before.enabled && !sender.enabled) await moveSenderSends(workspaceId, id, actor, "disabled");
  return presentSender(sender);
}

export async function deleteSender(workspaceId: string, id: string, actor: Actor) {
  const before = await findRow(workspaceId, id);
  await db().$transaction(async (tx) => {
    await tx.sender.delete({ where: { id, workspaceId } });
    await recordAudit(tx, { workspaceId, actor, action: "sender.deleted", target: { type: "sender", id }, data: { from_email: before.fromEmail } });
  });
  await moveSenderSends(workspaceId, id, actor, "deleted");
}
