import { defineOperation } from "@/lib/api/operation";
import { getRelay, putRelay, PutRelayBody, RelaySchema } from "@/lib/relay/relay-settings";

export const getRelayOperation = defineOperation({
  id: "getRelay",
  method: "GET",
  path: "/relay",
  tag: "Relay",
  role: "admin",
  summary: "Fetch the SMTP relay settings",
  success: { status: 200, description: "The relay (the password is never shown)", schema: RelaySchema },
  errors: ["not_found"],
  handler: async ({ auth }) => ({ body: await getRelay(auth.workspace.id) }),
});

export const putRelayOperation = defineOperation({
  id: "putRelay",
  method: "PUT",
  path: "/relay",
  tag: "Relay",
  role: "admin",
  summary: "Set the SMTP relay",
  description: "Approved drafts are sent through it. The password is write-only and encrypted at rest.",
  body: PutRelayBody,
  success: { status: 200, description: "The relay", schema: RelaySchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await putRelay(auth.workspace.id, body, auth.actor) }),
});
