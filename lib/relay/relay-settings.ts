import { z } from "zod";
import { db } from "@/lib/db";
import { Prisma, type RelaySettings } from "@/lib/generated/prisma/client.ts";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secrets";
import { NotFound } from "@/lib/errors";
import { healthOf, resumeSending, SenderHealthSchema } from "@/lib/senders/health";
import { releasePausedSends, releaseWaitingSends } from "@/lib/senders/release-waiting";
import { checkConnection, type ConnectionCheck } from "@/lib/senders/relay-connection";
import type { PutRelayBody } from "@/lib/senders/relay-fields";
import { checkRelayDns, NullableDnsResult, storedDns } from "@/lib/senders/sender-dns";

// The workspace's own SMTP relay, through which approved drafts are sent. The password is
// write-only and sealed at rest.

export const RelaySchema = z
  .object({
    host: z.string(),
    port: z.number().int(),
    secure: z.boolean(),
    username: z.string().nullable(),
    has_password: z.boolean(),
    from_email: z.string(),
    from_name: z.string().nullable(),
    health: SenderHealthSchema.meta({ description: "The default sender's health (lib/senders/health.ts)" }),
    dkim_selector: z.string().nullable(),
    dns: NullableDnsResult,
    updated_at: z.string(),
  })
  .meta({ id: "Relay" });

// Its fields' rules sit with the senders, whose relays take the same ones (lib/senders/relay-fields.ts).
export { PutRelayBody } from "@/lib/senders/relay-fields";

/** Reads that present the relay ask for the sealed password (lib/db.ts leaves it out), only to say whether there is one. */
const WITH_PASSWORD = { passwordEncrypted: false } as const;

export function presentRelay(relay: RelaySettings): Omit<z.infer<typeof RelaySchema>, "health"> {
  return {
    host: relay.host,
    port: relay.port,
    secure: relay.secure,
    username: relay.username,
    has_password: relay.passwordEncrypted !== null,
    from_email: relay.fromEmail,
    from_name: relay.fromName,
    dkim_selector: relay.dkimSelector,
    dns: storedDns(relay.dns),
    updated_at: relay.updatedAt.toISOString(),
  };
}

export async function getRelay(workspaceId: string) {
  const relay = await findRelay(workspaceId);
  if (!relay) throw new NotFound("relay (none is configured yet)");
  return relay;
}

/** The saved relay, or null when none is saved yet (the settings page reads this: no failing request). */
export async function findRelay(workspaceId: string) {
  const relay = await db().relaySettings.findUnique({ where: { workspaceId }, omit: WITH_PASSWORD });
  return relay ? withRelayHealth(workspaceId, relay) : null;
}

async function withRelayHealth(workspaceId: string, relay: RelaySettings) {
  const health = await healthOf(workspaceId, [{ id: null, pausedAt: relay.pausedAt, pausedReason: relay.pausedReason }]);
  return { ...presentRelay(relay), health: health.get("")! };
}

/** POST /relay/resume: the default sender sends again; its waiting sends are queued. */
export async function resumeRelay(workspaceId: string, reason: string, actor: Actor) {
  await getRelay(workspaceId);
  if (await resumeSending(workspaceId, null, reason, actor)) await releasePausedSends(workspaceId, null);
  return getRelay(workspaceId);
}

export async function putRelay(workspaceId: string, body: PutRelayBody, actor: Actor) {
  const password = body.password === undefined ? {} : { passwordEncrypted: body.password === null ? null : encryptSecret(body.password) };
  const fields = {
    host: body.host,
    port: body.port,
    secure: body.secure,
    username: body.username ?? null,
    fromEmail: body.from_email,
    fromName: body.from_name ?? null,
    ...(body.dkim_selector !== undefined ? { dkimSelector: body.dkim_selector } : {}),
  };
  const before = await db().relaySettings.findUnique({ where: { workspaceId }, select: { fromEmail: true, dkimSelector: true } });
  const domainChanged = !before || before.fromEmail !== body.from_email || (body.dkim_selector !== undefined && body.dkim_selector !== before.dkimSelector);
  const relay = await db().$transaction(async (tx) => {
    const cleared = { lastFailure: null, lastFailureAt: null };
    const saved = await tx.relaySettings.upsert({
      where: { workspaceId },
      create: { workspaceId, ...fields, ...password },
      update: { ...fields, ...password, ...cleared, ...(domainChanged ? { dns: Prisma.DbNull } : {}) },
      omit: WITH_PASSWORD,
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "relay.updated",
      target: { type: "relay", id: workspaceId },
      data: {
        host: body.host,
        port: body.port,
        from_email: body.from_email,
        password: body.password === undefined ? "kept" : body.password === null ? "removed" : "set",
      },
    });
    return saved;
  });
  // Drafts approved while there was no relay go out now, with no further click.
  await releaseWaitingSends(workspaceId, relay.fromEmail);
  // A new address or selector: its domain's DNS checks (at most DNS_TIMEOUT_MS), kept on the relay.
  if (domainChanged) {
    await checkRelayDns(workspaceId);
    return getRelay(workspaceId); // as stored: keeping the result touched the row
  }
  return withRelayHealth(workspaceId, relay);
}

/**
 * Connects to the saved relay, says hello and logs in, sending nothing (the same check as a
 * sender's, lib/senders/relay-connection.ts). Never throws for a relay that fails; says why.
 */
export async function checkRelay(workspaceId: string): Promise<ConnectionCheck> {
  const relay = await db().relaySettings.findUnique({ where: { workspaceId }, omit: WITH_PASSWORD });
  if (!relay) throw new NotFound("relay (none is configured yet)");
  return checkConnection(relay);
}
