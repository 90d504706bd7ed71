import { z } from "zod";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client.ts";
import type { Sender, SenderMailboxStatus } from "@/lib/generated/prisma/client.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secrets";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { decodeCursor, type ListQuery, toPage } from "@/lib/http/pagination";
import { newId } from "@/lib/ids";
import { MAILBOX_FIELDS, presentMailboxStatus, PutMailboxBody } from "@/lib/senders/mailbox-fields";
import { PutRelayBody } from "@/lib/senders/relay-fields";
import { SenderHealthSchema, withHealth, resumeSending } from "@/lib/senders/health";
import { releasePausedSends } from "@/lib/senders/release-waiting";
import { checkSenderDns, DkimSelector, NullableDnsResult, storedDns } from "@/lib/senders/sender-dns";

// Senders (contract §12): more from identities for a workspace, each with its own SMTP relay and,
// optionally, its own IMAP mailbox, a daily cap and a ramp. The workspace's /relay + /mailbox stay
// its default sender and are not listed here. Passwords are write-only and sealed at rest, like the
// relay's. Leads are assigned to senders and sends scheduled on them in lib/senders/schedule.ts; a
// sender disabled or deleted hands its pending sends on: updateSender and deleteSender live above
// (lib/wiring/sender-changes.ts), since moving sends rewrites drafts (docs/architecture.md "Layers").

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
// Who signs a lead's drafts (contract §13): the prompt variables sender_title and signature.
const Title = z.string().trim().max(200).nullable().meta({ description: "The sender's job title: the prompt variable sender_title" });
const Signature = z.string().trim().max(2000).nullable().meta({ description: "The sign-off text under the name: the prompt variable signature" });
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
    title: Title.default(null),
    signature: Signature.default(null),
    relay: SenderRelayInput,
    mailbox: SenderMailboxInput.nullable().default(null).meta({ description: "Read for replies; null for none" }),
    daily_cap: DailyCap.default(null),
    ramp: Ramp.default(null),
    enabled: z.boolean().default(true),
    dkim_selector: DkimSelector.optional(),
  })
  .meta({ id: "CreateSender" });
/** The parsed body; who signs may be left out by callers inside the service (null). */
export type CreateSenderBody = Omit<z.infer<typeof CreateSenderBody>, "title" | "signature"> & { title?: string | null; signature?: string | null };

export const UpdateSenderBody = z
  .strictObject({
    from_email: relayFields.from_email.optional(),
    from_name: relayFields.from_name,
    title: Title.optional(),
    signature: Signature.optional(),
    relay: SenderRelayInput.optional().meta({ description: "Replaces the relay settings; an omitted password is kept" }),
    mailbox: SenderMailboxInput.nullable().optional().meta({ description: "Replaces the mailbox settings (an omitted password is kept); null removes it" }),
    daily_cap: DailyCap.optional(),
    ramp: Ramp.optional(),
    enabled: z.boolean().optional(),
    dkim_selector: DkimSelector.optional(),
  })
  .meta({ id: "UpdateSender" });
export type UpdateSenderBody = z.infer<typeof UpdateSenderBody>;

export const SenderSchema = z
  .object({
    id: z.string(),
    from_email: z.string(),
    from_name: z.string().nullable(),
    title: z.string().nullable(),
    signature: z.string().nullable(),
    relay: z.object({ host: z.string(), port: z.number().int(), secure: z.boolean(), username: z.string().nullable(), has_password: z.boolean() }),
    mailbox: z.object(MAILBOX_FIELDS).nullable(),
    daily_cap: z.number().int().nullable(),
    ramp: z.object({ start: z.number().int(), step_per_day: z.number().int() }).nullable(),
    enabled: z.boolean(),
    health: SenderHealthSchema,
    last_failure: z.object({ message: z.string(), at: z.string() }).nullable().meta({
      description: "The last send through its relay that could not connect or log in (retried); null once a send goes through or the relay settings are saved",
    }),
    dkim_selector: z.string().nullable(),
    dns: NullableDnsResult,
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

export function presentSender(sender: Sender & { mailboxStatus: SenderMailboxStatus | null }): Omit<SenderItem, "health"> {
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
    title: sender.title,
    signature: sender.signature,
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
    last_failure: sender.lastFailure && sender.lastFailureAt ? { message: sender.lastFailure, at: sender.lastFailureAt.toISOString() } : null,
    dkim_selector: sender.dkimSelector,
    dns: storedDns(sender.dns),
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

type Row = Sender & { mailboxStatus: SenderMailboxStatus | null };

/** Senders as shown, each with its health (one query for all: lib/senders/health.ts). */
async function presentAll(workspaceId: string, rows: Row[]): Promise<SenderItem[]> {
  return withHealth(workspaceId, rows.map(presentSender), rows);
}
const presentOne = async (workspaceId: string, row: Row) => (await presentAll(workspaceId, [row]))[0];

export async function getSender(workspaceId: string, id: string) {
  return presentOne(workspaceId, await findRow(workspaceId, id));
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
  const page = toPage(rows, query.limit, "senders", workspaceId, (row) => row);
  return { ...page, data: await presentAll(workspaceId, page.data) };
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
        title: body.title ?? null,
        signature: body.signature ?? null,
        ...relayColumns(body.relay),
        ...mailboxColumns(body.mailbox),
        dailyCap: body.daily_cap,
        rampStart: body.ramp?.start ?? null,
        rampStepPerDay: body.ramp?.step_per_day ?? null,
        enabled: body.enabled,
        dkimSelector: body.dkim_selector ?? null,
      },
      omit: WITH_PASSWORDS,
      include: WITH_STATUS,
    });
    await recordAudit(tx, { workspaceId, actor, action: "sender.created", target: { type: "sender", id: created.id }, data: auditData(body) });
    return created;
  });
  // The domain's DNS checks, at most DNS_TIMEOUT_MS (the four questions at once); kept on the sender.
  // Read again after: keeping the result touches the row (its updated_at), so the answer is the row as stored.
  await checkSenderDns(workspaceId, sender.id);
  return getSender(workspaceId, sender.id);
}

/** What saveSender did: the row as saved, whether the change disabled the sender and whether its domain changed. */
export type SavedSender = { row: Row; disabled: boolean; domainChanged: boolean };

/**
 * Saves a sender's settings (PATCH). Its sends are not moved here: a sender this disables hands them
 * on through updateSender (lib/wiring/sender-changes.ts), which then answers with presentSaved.
 */
export async function saveSender(workspaceId: string, id: string, body: UpdateSenderBody, actor: Actor): Promise<SavedSender> {
  const before = await findRow(workspaceId, id);
  const dailyCap = body.daily_cap !== undefined ? body.daily_cap : before.dailyCap;
  const ramp = body.ramp !== undefined ? body.ramp : before.rampStart !== null ? { start: before.rampStart } : null;
  rampProblems(dailyCap, ramp);
  const mailbox = body.mailbox === undefined ? {} : mailboxColumns(body.mailbox);
  // A mailbox given without a password keeps the saved one (when there was a mailbox to keep it from).
  if (body.mailbox && body.mailbox.password === undefined && before.mailboxHost === null) Object.assign(mailbox, { mailboxPasswordEncrypted: null });
  const domainChanged =
    (body.from_email !== undefined && body.from_email !== before.fromEmail) || (body.dkim_selector !== undefined && body.dkim_selector !== before.dkimSelector);
  const sender = await db().$transaction(async (tx) => {
    const updated = await tx.sender.update({
      where: { id, workspaceId },
      data: {
        fromEmail: body.from_email,
        fromName: body.from_name,
        title: body.title,
        signature: body.signature,
        // New relay settings: the old failure says nothing about them (as a saved /relay, lib/relay/relay-settings.ts).
        ...(body.relay ? { ...relayColumns(body.relay), lastFailure: null, lastFailureAt: null } : {}),
        ...mailbox,
        dailyCap: body.daily_cap,
        ...(body.ramp !== undefined ? { rampStart: body.ramp?.start ?? null, rampStepPerDay: body.ramp?.step_per_day ?? null } : {}),
        enabled: body.enabled,
        dkimSelector: body.dkim_selector,
        // A new address or selector: the old checks no longer say anything (checked again below).
        ...(domainChanged ? { dns: Prisma.DbNull } : {}),
      },
      omit: WITH_PASSWORDS,
      include: WITH_STATUS,
    });
    await recordAudit(tx, { workspaceId, actor, action: "sender.updated", target: { type: "sender", id }, data: auditData(body) });
    return updated;
  });
  return { row: sender, disabled: before.enabled && !sender.enabled, domainChanged };
}

/** The answer to a PATCH once saved: a new domain is checked first (and the row read again, as the check touched it). */
export async function presentSaved(workspaceId: string, id: string, saved: SavedSender): Promise<SenderItem> {
  if (saved.domainChanged) {
    await checkSenderDns(workspaceId, id);
    return getSender(workspaceId, id);
  }
  return presentOne(workspaceId, saved.row);
}

/** Deletes a sender's row (DELETE); deleteSender (lib/wiring/sender-changes.ts) then hands its sends on. */
export async function removeSender(workspaceId: string, id: string, actor: Actor): Promise<void> {
  const before = await findRow(workspaceId, id);
  await db().$transaction(async (tx) => {
    await tx.sender.delete({ where: { id, workspaceId } });
    await recordAudit(tx, { workspaceId, actor, action: "sender.deleted", target: { type: "sender", id }, data: { from_email: before.fromEmail } });
  });
}

/** POST /senders/{id}/resume (lib/senders/health.ts): a paused sender sends again; its waiting sends are queued. */
export async function resumeSender(workspaceId: string, id: string, reason: string, actor: Actor) {
  await findRow(workspaceId, id);
  if (await resumeSending(workspaceId, id, reason, actor)) await releasePausedSends(workspaceId, id);
  return getSender(workspaceId, id);
}
