import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import {
  addSuppression,
  CreateSuppressionBody,
  importSuppressions,
  ImportResultSchema,
  ImportSuppressionsBody,
  listSuppressions,
  removeSuppression,
  RemoveSuppressionQuery,
  SuppressionEmailParams,
  SuppressionSchema,
  SuppressionsQuery,
} from "@/lib/suppressions/suppression-list";

export const listSuppressionsOperation = defineOperation({
  id: "listSuppressions",
  method: "GET",
  path: "/suppressions",
  tag: "Suppressions",
  role: "viewer",
  summary: "List suppressed addresses",
  description: "Newest first. `email` finds one address (any case). Nothing is ever sent to an address on this list.",
  query: SuppressionsQuery,
  success: { status: 200, description: "A page of suppressions", schema: pageOf(SuppressionSchema, "SuppressionPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listSuppressions(auth.workspace.id, query) }),
});

export const createSuppressionOperation = defineOperation({
  id: "createSuppression",
  method: "POST",
  path: "/suppressions",
  tag: "Suppressions",
  role: "admin",
  summary: "Suppress an address",
  description: "201 when added; an address already on the list answers 200 with its entry unchanged. Audited.",
  body: CreateSuppressionBody,
  success: {
    status: 201,
    description: "The suppression",
    schema: SuppressionSchema,
    also: [{ status: 200, description: "Already suppressed: its entry, unchanged" }],
  },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const { created, suppression } = await addSuppression(auth.workspace.id, body, auth.actor);
    return { status: created ? 201 : 200, body: suppression, location: `/v1/suppressions/${encodeURIComponent(suppression.email)}` };
  },
});

export const importSuppressionsOperation = defineOperation({
  id: "importSuppressions",
  method: "POST",
  path: "/suppressions/import",
  tag: "Suppressions",
  role: "admin",
  summary: "Import suppressed addresses from CSV",
  description:
    "CSV text with an `email` column (and optionally `reason`), at most 10,000 rows. Bad rows are listed, never fatal. Each added address is audited.",
  body: ImportSuppressionsBody,
  success: { status: 200, description: "What was added", schema: ImportResultSchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await importSuppressions(auth.workspace.id, body, auth.actor) }),
});

export const deleteSuppressionOperation = defineOperation({
  id: "deleteSuppression",
  method: "DELETE",
  path: "/suppressions/{email}",
  tag: "Suppressions",
  role: "admin",
  summary: "Remove an address from the list",
  description: "Sending to it is allowed again. Audited with the optional reason.",
  params: SuppressionEmailParams,
  query: RemoveSuppressionQuery,
  success: { status: 204, description: "Removed" },
  errors: ["not_found"],
  handler: async ({ params, query, auth }) => {
    await removeSuppression(auth.workspace.id, params.email, query.reason, auth.actor);
    return { status: 204 };
  },
});
