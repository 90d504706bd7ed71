import { z } from "zod";
import { db } from "@/lib/db";
import type { WebhookEndpoint } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { decryptSecret, encryptSecret } from "@/lib/crypto/secrets";
import { NotFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { outboundUrlProblem } from "@/lib/net/outbound";
import { lockOutboxForEndpointChange, writeEvents } from "@/lib/events/outbox";
import { EVENT_TYPES } from "@/lib/events/types";
import { generateWebhookSecret } from "@/lib/webhooks/signing";
import { enqueueAfterCommit } from "@/lib/queues";

// Webhook endpoints of a workspace (contract §7). The secret is sealed at rest, returned by the
// create call and by reveal; rotation keeps the old secret valid for 24 hours.

const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

const Url = z
  .string()
  .max(2048)
  .superRefine((value, ctx) => {
    const problem = outboundUrlProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const CreateEndpointBody = z
  .strictObject({
    url: Url,
    events: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).default([]).meta({ description: "Empty means every event" }),
    enabled: z.boolean().default(true),
    description: z.string().max(500).default(""),
  })
  .meta({ id: "CreateWebhookEndpoint" });
export const UpdateEndpointBody = z
  .strictObject({
    url: Url.optional(),
    events: z.array(z.enum(EVENT_TYPES)).max(EVENT_TYPES.length).optional(),
    enabled: z.boolean().optional(),
    description: z.string().max(500).optional(),
  })
  .meta({ id: "UpdateWebhookEndpoint" });

export const EndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    enabled: z.boolean(),
    description: z.string(),
    secret_rotating_until: z.string().nullable(),
    disabled_reason: z.enum(["manual", "failing"]).nullable().meta({
      description: "Why a disabled endpoint is disabled: by a person (`manual`), or by the worker after continuous failure (`failing`); null while enabled",
    }),
    disabled_at: z.string().nullable(),
    failing_since: z
      .string()
      .nullable()
      .meta({ description: "Start of the first failed attempt since the last successful one; null while deliveries succeed" }),
    created_at: z.string(),
  })
  .meta({ id: "WebhookEndpoint" });
export const EndpointWithSecretSchema = EndpointSchema.extend({ secret: z.string() }).meta({ id: "WebhookEndpointWithSecret" });

/** An endpoint as ordinary queries return it: without its sealed secrets (lib/db.ts SECRET_COLUMNS). */
type EndpointRow = Omit<WebhookEndpoint, "secretEncrypted" | "previousSecretEncrypted">;
/** The columns signing needs; queries for them opt in (`omit: SIGNING_SECRETS`). */
export const SIGNING_SECRETS = { secretEncrypted: false, previousSecretEncrypted: false } as const;

export function presentEndpoint(endpoint: EndpointRow) {
  const rotating = endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > new Date() ? endpoint.previousSecretExpiresAt.toISOString() : null;
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    enabled: endpoint.enabled,
    description: endpoint.description,
    secret_rotating_until: rotating,
    disabled_reason: endpoint.enabled ? null : endpoint.disabledReason === "failing" ? ("failing" as const) : ("manual" as const),
    disabled_at: endpoint.enabled ? null : (endpoint.disabledAt?.toISOString() ?? null),
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    created_at: endpoint.createdAt.toISOString(),
  };
}

/** The secrets a delivery is signed with now: the current one, and the previous while it lasts. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpoint, "secretEncrypted" | "previousSecretEncrypted" | "previousSecretExpiresAt">,
  now = new Date(),
): string[] {
  const secrets = [decryptSecret(endpoint.secretEncrypted)];
  if (endpoint.previousSecretEncrypted && endpoint.previousSecretExpiresAt && endpoint.previousSecretExpiresAt > now)
    secrets.push(decryptSecret(endpoint.previousSecretEncrypted));
  return secrets;
}

export async function findEndpoint(workspaceId: string, id: string) {
  const endpoint = await db().webhookEndpoint.findFirst({ where: { id, workspaceId } });
  if (!endpoint) throw new NotFound("webhook endpoint");
  return endpoint;
}

export async function listEndpoints(workspaceId: string, query: z.infer<typeof ListQuery>) {
  const after = decodeCursor("webhook-endpoints", workspaceId, query.cursor);
  const rows = await db().webhookEndpoint.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "webhook-endpoints", workspaceId, presentEndpoint);
}

export async function createEndpoint(workspaceId: string, body: z.infer<typeof CreateEndpointBody>, actor: Actor) {
  const secret = generateWebhookSecret();
  const endpoint = await db().$transaction(async (tx) => {
    if (body.enabled) await lockOutboxForEndpointChange(tx, workspaceId); // events from now on see it
    const created = await tx.webhookEndpoint.create({
      data: {
        id: newId("whe"),
        workspaceId,
        url: body.url,
        events: [...new Set(body.events)],
        enabled: body.enabled,
        description: body.description,
        secretEncrypted: encryptSecret(secret),
        ...(body.enabled ? {} : { disabledReason: "manual", disabledAt: new Date() }),
      },
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "webhook.endpoint_created",
      target: { type: "webhook_endpoint", id: created.id },
      data: { url: body.url, events: body.events },
    });
    return created;
  });
  return { ...presentEndpoint(endpoint), secret };
}

/** Re-enabling starts the endpoint's health afresh; disabling by hand records reason `manual`. */
function enabledChange(before: EndpointRow, enabled: boolean | undefined) {
  if (enabled === undefined || enabled === before.enabled) return {};
  return enabled ? { disabledReason: null, disabledAt: null, failingSince: null } : { disabledReason: "manual", disabledAt: new Date() };
}

export async function updateEndpoint(workspaceId: string, id: string, body: z.infer<typeof UpdateEndpointBody>, actor: Actor) {
  const before = await findEndpoint(workspaceId, id);
  const endpoint = await db().$transaction(async (tx) => {
    if (body.enabled) await lockOutboxForEndpointChange(tx, workspaceId); // events from now on see it
    const updated = await tx.webhookEndpoint.update({
      where: { id, workspaceId },
      data: {
        url: body.url,
        events: body.events ? [...new Set(body.events)] : undefined,
        enabled: body.enabled,
        description: body.description,
        ...enabledChange(before, body.enabled),
      },
    });
    // Re-enabling an endpoint the worker disabled says so in the entry.
    const reenabled = body.enabled === true && !before.enabled && before.disabledReason === "failing";
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "webhook.endpoint_updated",
      target: { type: "webhook_endpoint", id },
      data: reenabled ? { ...body, reenabled_after: "failing", failing_since: before.failingSince?.toISOString() ?? null } : body,
    });
    return updated;
  });
  return presentEndpoint(endpoint);
}

export async function deleteEndpoint(workspaceId: string, id: string, actor: Actor) {
  await findEndpoint(workspaceId, id);
  await db().$transaction(async (tx) => {
    await tx.webhookEndpoint.delete({ where: { id, workspaceId } });
    await recordAudit(tx, { workspaceId, actor, action: "webhook.endpoint_deleted", target: { type: "webhook_endpoint", id } });
  });
}

/** The endpoint with its sealed current secret (reveal and rotation need it). */
async function findEndpointWithSecret(workspaceId: string, id: string) {
  const endpoint = await db().webhookEndpoint.findFirst({ where: { id, workspaceId }, omit: { secretEncrypted: false } });
  if (!endpoint) throw new NotFound("webhook endpoint");
  return endpoint;
}

export async function revealSecret(workspaceId: string, id: string, actor: Actor) {
  const endpoint = await findEndpointWithSecret(workspaceId, id);
  await db().$transaction((tx) => recordAudit(tx, { workspaceId, actor, action: "webhook.secret_revealed", target: { type: "webhook_endpoint", id } }));
  return { ...presentEndpoint(endpoint), secret: decryptSecret(endpoint.secretEncrypted) };
}

/** A new secret; the old one keeps verifying (deliveries carry both signatures) for 24 hours. */
export async function rotateSecret(workspaceId: string, id: string, actor: Actor) {
  const endpoint = await findEndpointWithSecret(workspaceId, id);
  const secret = generateWebhookSecret();
  const updated = await db().$transaction(async (tx) => {
    const saved = await tx.webhookEndpoint.update({
      where: { id, workspaceId },
      data: {
        secretEncrypted: encryptSecret(secret),
        previousSecretEncrypted: endpoint.secretEncrypted,
        previousSecretExpiresAt: new Date(Date.now() + ROTATION_GRACE_MS),
      },
    });
    await recordAudit(tx, { workspaceId, actor, action: "webhook.secret_rotated", target: { type: "webhook_endpoint", id } });
    return saved;
  });
  return { ...presentEndpoint(updated), secret };
}

/**
 * Sends a `webhook.test` event to this endpoint only (signed and retried like any other), so an
 * admin can check the receiving side. The delivery shows in the endpoint's delivery log.
 */
export async function sendTestEvent(workspaceId: string, id: string, actor: Actor) {
  const endpoint = await findEndpoint(workspaceId, id);
  const [written] = await db().$transaction(async (tx) => {
    const event = { type: "webhook.test" as const, data: { endpoint_id: endpoint.id, message: "A test event from LeadPipe." } };
    const events = await writeEvents(tx, workspaceId, [event], { endpointId: endpoint.id });
    await recordAudit(tx, { workspaceId, actor, action: "webhook.test_sent", target: { type: "webhook_endpoint", id } });
    return events;
  });
  const deliveryId = written.deliveryId!;
  await enqueueAfterCommit("deliver", { v: 1, deliveryIds: [deliveryId], endpointId: endpoint.id }, { tag: "a1" });
  return { event_id: written.id, delivery_id: deliveryId };
}
