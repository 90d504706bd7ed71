import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { ListQuery } from "@/lib/http/pagination";
import { pageOf } from "@/lib/api/schemas";
import {
  DeadLetterSchema,
  DeadLettersQuery,
  DeliverySchema,
  listDeadLetters,
  listDeliveries,
  replayDeadLetters,
  ReplayBody,
} from "@/lib/webhooks/dead-letters";
import {
  createEndpoint,
  CreateEndpointBody,
  deleteEndpoint,
  EndpointSchema,
  EndpointWithSecretSchema,
  findEndpoint,
  listEndpoints,
  presentEndpoint,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
  UpdateEndpointBody,
} from "@/lib/webhooks/endpoints";

const EndpointParams = z.object({ id: z.string().regex(/^whe_[0-9a-z]{26}$/) });
const tag = "Webhooks";

export const listEndpointsOperation = defineOperation({
  id: "listWebhookEndpoints",
  method: "GET",
  path: "/webhook-endpoints",
  tag,
  role: "admin",
  summary: "List webhook endpoints",
  query: ListQuery,
  success: { status: 200, description: "A page of endpoints", schema: pageOf(EndpointSchema, "WebhookEndpointPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listEndpoints(auth.workspace.id, query) }),
});
export const createEndpointOperation = defineOperation({
  id: "createWebhookEndpoint",
  method: "POST",
  path: "/webhook-endpoints",
  tag,
  role: "admin",
  summary: "Add a webhook endpoint",
  description: "The URL must reach a public address. The answer carries the signing `secret` (whsec_…); see docs/webhooks.md to verify signatures.",
  body: CreateEndpointBody,
  success: { status: 201, description: "The endpoint with its secret", schema: EndpointWithSecretSchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const endpoint = await createEndpoint(auth.workspace.id, body, auth.actor);
    return { status: 201, body: endpoint, location: `/v1/webhook-endpoints/${endpoint.id}` };
  },
});
export const getEndpointOperation = defineOperation({
  id: "getWebhookEndpoint",
  method: "GET",
  path: "/webhook-endpoints/{id}",
  tag,
  role: "admin",
  summary: "Fetch a webhook endpoint",
  params: EndpointParams,
  success: { status: 200, description: "The endpoint", schema: EndpointSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: presentEndpoint(await findEndpoint(auth.workspace.id, params.id)) }),
});
export const updateEndpointOperation = defineOperation({
  id: "updateWebhookEndpoint",
  method: "PATCH",
  path: "/webhook-endpoints/{id}",
  tag,
  role: "admin",
  summary: "Change a webhook endpoint",
  params: EndpointParams,
  body: UpdateEndpointBody,
  success: { status: 200, description: "The endpoint", schema: EndpointSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await updateEndpoint(auth.workspace.id, params.id, body, auth.actor) }),
});
export const deleteEndpointOperation = defineOperation({
  id: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/webhook-endpoints/{id}",
  tag,
  role: "admin",
  summary: "Remove a webhook endpoint",
  params: EndpointParams,
  success: { status: 204, description: "Removed" },
  errors: ["not_found"],
  handler: async ({ params, auth }) => {
    await deleteEndpoint(auth.workspace.id, params.id, auth.actor);
    return { status: 204 };
  },
});
export const revealSecretOperation = defineOperation({
  id: "revealWebhookSecret",
  method: "POST",
  path: "/webhook-endpoints/{id}/reveal",
  tag,
  role: "admin",
  summary: "Show an endpoint's signing secret",
  params: EndpointParams,
  success: { status: 200, description: "The endpoint with its secret", schema: EndpointWithSecretSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await revealSecret(auth.workspace.id, params.id, auth.actor) }),
});
export const rotateSecretOperation = defineOperation({
  id: "rotateWebhookSecret",
  method: "POST",
  path: "/webhook-endpoints/{id}/rotate",
  tag,
  role: "admin",
  summary: "Rotate an endpoint's signing secret",
  description: "The old secret keeps verifying for 24 hours: deliveries carry a v1 signature for each.",
  params: EndpointParams,
  success: { status: 200, description: "The endpoint with its new secret", schema: EndpointWithSecretSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await rotateSecret(auth.workspace.id, params.id, auth.actor) }),
});
export const listDeliveriesOperation = defineOperation({
  id: "listWebhookDeliveries",
  method: "GET",
  path: "/webhook-endpoints/{id}/deliveries",
  tag,
  role: "admin",
  summary: "List an endpoint's deliveries with their attempts",
  params: EndpointParams,
  query: ListQuery,
  success: { status: 200, description: "A page of deliveries", schema: pageOf(DeliverySchema, "DeliveryPage") },
  errors: ["not_found"],
  handler: async ({ params, query, auth }) => ({ body: await listDeliveries(auth.workspace.id, params.id, query) }),
});
export const listDeadLettersOperation = defineOperation({
  id: "listDeadLetters",
  method: "GET",
  path: "/dead-letters",
  tag,
  role: "admin",
  summary: "List dead-lettered deliveries",
  query: DeadLettersQuery,
  success: { status: 200, description: "A page of dead letters", schema: pageOf(DeadLetterSchema, "DeadLetterPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listDeadLetters(auth.workspace.id, query) }),
});
export const replayDeadLettersOperation = defineOperation({
  id: "replayDeadLetters",
  method: "POST",
  path: "/dead-letters/replay",
  tag,
  role: "admin",
  summary: "Replay dead letters",
  description:
    "By delivery `ids`, or all of an endpoint's since a time. Each is sent again with the same event id and a fresh signature, with a new retry window.",
  body: ReplayBody,
  success: { status: 200, description: "How many were replayed", schema: z.object({ replayed: z.number().int() }) },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await replayDeadLetters(auth.workspace.id, body, auth.actor) }),
});
export const testEndpointOperation = defineOperation({
  id: "testWebhookEndpoint",
  method: "POST",
  path: "/webhook-endpoints/{id}/test",
  tag,
  role: "admin",
  summary: "Send a test event to an endpoint",
  description: "A `webhook.test` event, signed and retried like any other, to this endpoint only.",
  params: EndpointParams,
  success: { status: 202, description: "Queued", schema: z.object({ event_id: z.string(), delivery_id: z.string() }) },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ status: 202, body: await sendTestEvent(auth.workspace.id, params.id, auth.actor) }),
});
