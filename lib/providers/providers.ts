import { z } from "zod";
import { db } from "@/lib/db";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, toPage } from "@/lib/http/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secrets";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { SLUG_PATTERN } from "@/lib/slug";
import { outboundUrlProblem } from "@/lib/net/outbound";

// Model providers of a workspace. The API key is write-only and sealed at rest; `local` (the
// built-in deterministic engine) always exists and cannot be deleted.

export const PROVIDER_KINDS = ["local", "openai-compatible", "anthropic"] as const;

export const ProviderSchema = z
  .object({
    slug: z.string(),
    kind: z.enum(PROVIDER_KINDS),
    base_url: z.string().nullable(),
    default_model: z.string(),
    max_concurrency: z.number().int(),
    requests_per_minute: z.number().int(),
    input_price_per_mtok_usd: z.number().meta({ description: "US dollars per million input tokens" }),
    output_price_per_mtok_usd: z.number().meta({ description: "US dollars per million output tokens" }),
    has_api_key: z.boolean(),
    api_key_last4: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Provider" });

/** US dollars per million tokens, kept to the millionth of a dollar. */
const Price = z.number().min(0).max(1000);
const toMicros = (usd: number) => Math.round(usd * 1_000_000);

export const UpsertProviderBody = z
  .strictObject({
    kind: z.enum(PROVIDER_KINDS).optional().meta({ description: "Required when creating" }),
    base_url: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .nullable()
      .optional(),
    default_model: z.string().min(1).max(200).optional().meta({ description: "Required when creating" }),
    max_concurrency: z.number().int().min(1).max(1000).optional(),
    requests_per_minute: z.number().int().min(1).max(1_000_000).optional(),
    input_price_per_mtok_usd: Price.optional().meta({ description: "US dollars per million input tokens (e.g. 3 or 0.25); default 0" }),
    output_price_per_mtok_usd: Price.optional().meta({ description: "US dollars per million output tokens (e.g. 15); default 0" }),
    api_key: z.string().min(1).max(4096).nullable().optional().meta({ description: "Write-only; null removes it" }),
  })
  .meta({ id: "UpsertProvider" });
export type UpsertProviderBody = z.infer<typeof UpsertProviderBody>;

/** The API key is sealed and left out of ordinary reads (lib/db.ts); its last four are written with it, and cleared with it. */
export function presentProvider(provider: Omit<Provider, "apiKeyEncrypted">) {
  return {
    slug: provider.slug,
    kind: provider.kind as (typeof PROVIDER_KINDS)[number],
    base_url: provider.baseUrl,
    default_model: provider.defaultModel,
    max_concurrency: provider.maxConcurrency,
    requests_per_minute: provider.requestsPerMinute,
    input_price_per_mtok_usd: provider.inputPriceMicros / 1_000_000,
    output_price_per_mtok_usd: provider.outputPriceMicros / 1_000_000,
    has_api_key: provider.apiKeyLast4 !== null,
    api_key_last4: provider.apiKeyLast4,
    created_at: provider.createdAt.toISOString(),
    updated_at: provider.updatedAt.toISOString(),
  };
}

export async function listProviders(workspaceId: string, options: { limit: number; cursor?: string }) {
  const after = decodeCursor("providers", workspaceId, options.cursor);
  const rows = await db().provider.findMany({
    where: { workspaceId, ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: "desc" },
    take: options.limit + 1,
  });
  return toPage(rows, options.limit, "providers", workspaceId, presentProvider);
}

const DEFAULT_BASE_URLS: Record<string, string | null> = { local: null, "openai-compatible": null, anthropic: "https://api.anthropic.com" };

/** Creates (created: true) or updates a provider. */
export async function upsertProvider(workspaceId: string, slug: string, body: UpsertProviderBody, actor: Actor) {
  if (!SLUG_PATTERN.test(slug)) throw new NotFound("provider");
  const existing = await db().provider.findUnique({ where: { workspaceId_slug: { workspaceId, slug } } });
  const kind = body.kind ?? existing?.kind;
  const errors = [];
  if (!kind) errors.push({ path: "kind", message: "is required when creating a provider" });
  if (!existing && !body.default_model) errors.push({ path: "default_model", message: "is required when creating a provider" });
  if (existing && body.kind && body.kind !== existing.kind)
    errors.push({ path: "kind", message: `cannot change (${existing.kind}); delete and re-create the provider` });
  if ((kind === "local") !== (slug === "local")) errors.push({ path: "kind", message: "only the built-in provider `local` is of kind local" });
  const baseUrl = body.base_url === undefined ? (existing?.baseUrl ?? DEFAULT_BASE_URLS[kind ?? "local"]) : body.base_url;
  if (kind === "openai-compatible" && !baseUrl) errors.push({ path: "base_url", message: "is required for an openai-compatible provider" });
  const baseUrlProblem = typeof body.base_url === "string" ? outboundUrlProblem(body.base_url) : null;
  if (baseUrlProblem) errors.push({ path: "base_url", message: baseUrlProblem });
  if (errors.length) throw new ValidationFailed(errors);

  const key =
    body.api_key === undefined
      ? {}
      : body.api_key === null
        ? { apiKeyEncrypted: null, apiKeyLast4: null }
        : { apiKeyEncrypted: encryptSecret(body.api_key), apiKeyLast4: body.api_key.slice(-4) };
  const fields = {
    baseUrl,
    ...(body.default_model !== undefined ? { defaultModel: body.default_model } : {}),
    ...(body.max_concurrency !== undefined ? { maxConcurrency: body.max_concurrency } : {}),
    ...(body.requests_per_minute !== undefined ? { requestsPerMinute: body.requests_per_minute } : {}),
    ...(body.input_price_per_mtok_usd !== undefined ? { inputPriceMicros: toMicros(body.input_price_per_mtok_usd) } : {}),
    ...(body.output_price_per_mtok_usd !== undefined ? { outputPriceMicros: toMicros(body.output_price_per_mtok_usd) } : {}),
    ...key,
  };
  const provider = await db().$transaction(async (tx) => {
    const saved = existing
      ? await tx.provider.update({ where: { id: existing.id, workspaceId }, data: fields })
      : await tx.provider.create({ data: { id: newId("prov"), workspaceId, slug, kind: kind!, defaultModel: body.default_model!, ...fields } });
    const changed = Object.keys(body).filter((field) => field !== "api_key");
    if (body.api_key !== undefined) changed.push(body.api_key === null ? "api_key (removed)" : "api_key (set)");
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "provider.updated",
      target: { type: "provider", id: saved.id },
      data: { slug, created: !existing, fields: changed },
    });
    return saved;
  });
  return { created: !existing, provider: presentProvider(provider) };
}

export async function deleteProvider(workspaceId: string, slug: string, actor: Actor) {
  if (slug === "local") throw new Conflict("The built-in local provider cannot be deleted.");
  if (!SLUG_PATTERN.test(slug)) throw new NotFound("provider");
  await db().$transaction(async (tx) => {
    const provider = await tx.provider.findUnique({ where: { workspaceId_slug: { workspaceId, slug } } });
    if (!provider) throw new NotFound("provider");
    await tx.provider.delete({ where: { id: provider.id, workspaceId } });
    await recordAudit(tx, { workspaceId, actor, action: "provider.deleted", target: { type: "provider", id: provider.id }, data: { slug } });
  });
}
