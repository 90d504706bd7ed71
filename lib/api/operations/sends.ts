import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { getSend, listSends, SendIdParams, SendSchema, SendsQuery } from "@/lib/sending/list-sends";
import { resolveSend, ResolveSendBody } from "@/lib/sending/resolve-send";

export const listSendsOperation = defineOperation({
  id: "listSends",
  method: "GET",
  path: "/sends",
  tag: "Sends",
  role: "viewer",
  summary: "List sends",
  description:
    "Filter by `status` and `run_id`. `status=in_doubt` lists the sends whose outcome the service cannot know (a worker stopped after the end of the message began going out, before the relay's answer was recorded): never reported as sent, they wait for the mailbox's Sent folder or a reviewer's `resolve`.",
  query: SendsQuery,
  success: { status: 200, description: "A page of sends", schema: pageOf(SendSchema, "SendPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listSends(auth.workspace.id, query) }),
});

export const getSendOperation = defineOperation({
  id: "getSend",
  method: "GET",
  path: "/sends/{id}",
  tag: "Sends",
  role: "viewer",
  summary: "Fetch a send",
  params: SendIdParams,
  success: { status: 200, description: "The send", schema: SendSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getSend(auth.workspace.id, params.id) }),
});

export const resolveSendOperation = defineOperation({
  id: "resolveSend",
  method: "POST",
  path: "/sends/{id}/resolve",
  tag: "Sends",
  role: "reviewer",
  summary: "Resolve a send in doubt",
  description:
    "`sent` records it sent (confirmed by a reviewer; `send.completed` is emitted); `resend` sends it again under the same Message-ID. 409 if the send is not `in_doubt`, or for a resend of a canceled run's draft. Audited (`send.resolved`).",
  params: SendIdParams,
  body: ResolveSendBody,
  success: { status: 200, description: "The send", schema: SendSchema },
  errors: ["invalid_json", "not_found", "conflict", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await resolveSend(auth.workspace.id, params.id, body, auth.actor) }),
});
