import { defineOperation } from "@/lib/api/operation";
import { ListQuery } from "@/lib/http/pagination";
import { pageOf, SlugParams } from "@/lib/api/schemas";
import { deleteProvider, listProviders, ProviderSchema, upsertProvider, UpsertProviderBody } from "@/lib/providers/providers";

export const listProvidersOperation = defineOperation({
  id: "listProviders",
  method: "GET",
  path: "/providers",
  tag: "Providers",
  role: "viewer",
  summary: "List model providers",
  query: ListQuery,
  success: { status: 200, description: "A page of providers", schema: pageOf(ProviderSchema, "ProviderPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listProviders(auth.workspace.id, query) }),
});

export const upsertProviderOperation = defineOperation({
  id: "upsertProvider",
  method: "POST",
  path: "/providers/{slug}",
  tag: "Providers",
  role: "admin",
  summary: "Add or configure a provider",
  description: "201 when created, 200 when updated. `api_key` is write-only and encrypted at rest.",
  params: SlugParams,
  body: UpsertProviderBody,
  success: { status: 201, description: "The provider, created", schema: ProviderSchema, also: [{ status: 200, description: "The provider, updated" }] },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => {
    const { created, provider } = await upsertProvider(auth.workspace.id, params.slug, body, auth.actor);
    return { status: created ? 201 : 200, body: provider, location: created ? `/v1/providers/${provider.slug}` : undefined };
  },
});

export const deleteProviderOperation = defineOperation({
  id: "deleteProvider",
  method: "DELETE",
  path: "/providers/{slug}",
  tag: "Providers",
  role: "admin",
  summary: "Remove a provider",
  description: "The built-in `local` provider cannot be removed (409).",
  params: SlugParams,
  success: { status: 204, description: "Removed" },
  errors: ["not_found", "conflict"],
  handler: async ({ params, auth }) => {
    await deleteProvider(auth.workspace.id, params.slug, auth.actor);
    return { status: 204 };
  },
});
