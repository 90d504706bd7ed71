import { defineOperation } from "@/lib/api/operation";
import { DnsResultSchema } from "@/lib/dns/sender-checks";
import { checkRelayDns } from "@/lib/senders/sender-dns";
import { getRelay, putRelay, PutRelayBody, RelaySchema, resumeRelay } from "@/lib/relay/relay-settings";
import { getSendingPolicy, PutSendingPolicyBody, putSendingPolicy, ResumeSenderBody, SendingPolicySchema } from "@/lib/senders/health";

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

export const resumeRelayOperation = defineOperation({
  id: "resumeRelay",
  method: "POST",
  path: "/relay/resume",
  tag: "Relay",
  role: "admin",
  summary: "Resume the paused default sender",
  description:
    "The default sender (this relay), paused by its bounce rate, sends again: its waiting sends go out, each once. Audited with the reason; fires `sender.resumed` (`sender_id` null). Resuming when it is not paused changes nothing.",
  body: ResumeSenderBody,
  success: { status: 200, description: "The relay", schema: RelaySchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await resumeRelay(auth.workspace.id, body.reason, auth.actor) }),
});

export const getSendingPolicyOperation = defineOperation({
  id: "getSendingPolicy",
  method: "GET",
  path: "/sending-policy",
  tag: "Relay",
  role: "admin",
  summary: "Fetch the sending policy",
  description:
    "When a sender pauses itself: its hard bounces over the last 7 days reach `max_bounce_rate` of at least `min_sends` sends. The defaults (0.05 and 20) until one is saved (`updated_at` null).",
  success: { status: 200, description: "The policy", schema: SendingPolicySchema },
  errors: [],
  handler: async ({ auth }) => ({ body: await getSendingPolicy(auth.workspace.id) }),
});

export const putSendingPolicyOperation = defineOperation({
  id: "putSendingPolicy",
  method: "PUT",
  path: "/sending-policy",
  tag: "Relay",
  role: "admin",
  summary: "Set the sending policy",
  description: "Omitted fields take their defaults. Audited. A sender already paused stays paused; the new policy applies from the next hard bounce.",
  body: PutSendingPolicyBody,
  success: { status: 200, description: "The policy", schema: SendingPolicySchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await putSendingPolicy(auth.workspace.id, body, auth.actor) }),
});

export const checkRelayDnsOperation = defineOperation({
  id: "checkRelayDns",
  method: "POST",
  path: "/relay/dns-check",
  tag: "Relay",
  role: "admin",
  summary: "Check the default sender's DNS",
  description:
    "Checks the MX, SPF, DMARC and DKIM records of the relay's from_email domain now (at most 3 s; a question without an answer is `unknown`, never `fail`), keeps the result on the relay as `dns` and returns it. Audited (`relay.dns_checked`, with each record's status and the worst as `outcome`). Also run when the relay's `from_email` or `dkim_selector` changes.",
  success: { status: 200, description: "The checks", schema: DnsResultSchema },
  errors: ["not_found"],
  handler: async ({ auth }) => ({ body: await checkRelayDns(auth.workspace.id, auth.actor) }),
});
