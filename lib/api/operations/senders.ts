import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { DnsResultSchema } from "@/lib/dns/sender-checks";
import { ListQuery } from "@/lib/http/pagination";
import { ResumeSenderBody } from "@/lib/senders/health";
import { checkSenderDns } from "@/lib/senders/sender-dns";
import { createSender, CreateSenderBody, getSender, listSenders, resumeSender, SenderSchema, UpdateSenderBody } from "@/lib/senders/senders";
import { deleteSender, updateSender } from "@/lib/wiring/sender-changes";

const SenderParams = z.object({ id: z.string().regex(/^sdr_[0-9a-z]{26}$/) });
const tag = "Senders";
const defaultNote = "The workspace's default sender is its `/relay` and `/mailbox`; it is edited there and not listed here.";

export const listSendersOperation = defineOperation({
  id: "listSenders",
  method: "GET",
  path: "/senders",
  tag,
  role: "admin",
  summary: "List senders",
  description: `Newest first. ${defaultNote}`,
  query: ListQuery,
  success: { status: 200, description: "A page of senders (passwords are never shown)", schema: pageOf(SenderSchema, "SenderPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listSenders(auth.workspace.id, query) }),
});
export const createSenderOperation = defineOperation({
  id: "createSender",
  method: "POST",
  path: "/senders",
  tag,
  role: "admin",
  summary: "Add a sender",
  description: `A from identity with its own SMTP relay and, optionally, IMAP mailbox. Passwords are write-only and encrypted at rest. ${defaultNote} Its domain's DNS checks run before the answer (at most 3 s) and are in \`dns\`.`,
  body: CreateSenderBody,
  success: { status: 201, description: "The sender", schema: SenderSchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const sender = await createSender(auth.workspace.id, body, auth.actor);
    return { status: 201, body: sender, location: `/v1/senders/${sender.id}` };
  },
});
export const getSenderOperation = defineOperation({
  id: "getSender",
  method: "GET",
  path: "/senders/{id}",
  tag,
  role: "admin",
  summary: "Fetch a sender",
  params: SenderParams,
  success: { status: 200, description: "The sender (passwords are never shown)", schema: SenderSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getSender(auth.workspace.id, params.id) }),
});
export const updateSenderOperation = defineOperation({
  id: "updateSender",
  method: "PATCH",
  path: "/senders/{id}",
  tag,
  role: "admin",
  summary: "Change a sender",
  description: "Only the fields given change; `relay` and `mailbox` are replaced whole, keeping a saved password that is omitted.",
  params: SenderParams,
  body: UpdateSenderBody,
  success: { status: 200, description: "The sender", schema: SenderSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await updateSender(auth.workspace.id, params.id, body, auth.actor) }),
});
export const deleteSenderOperation = defineOperation({
  id: "deleteSender",
  method: "DELETE",
  path: "/senders/{id}",
  tag,
  role: "admin",
  summary: "Remove a sender",
  params: SenderParams,
  success: { status: 204, description: "Removed" },
  errors: ["not_found"],
  handler: async ({ params, auth }) => {
    await deleteSender(auth.workspace.id, params.id, auth.actor);
    return { status: 204 };
  },
});
export const resumeSenderOperation = defineOperation({
  id: "resumeSender",
  method: "POST",
  path: "/senders/{id}/resume",
  tag,
  role: "admin",
  summary: "Resume a paused sender",
  description:
    "A sender paused by its bounce rate (`health.status` `paused`) sends again: its waiting sends go out, each once. Audited with the reason; fires `sender.resumed`. It is paused again only by a later hard bounce that finds its rate still at or over the sending policy's `max_bounce_rate`. Resuming a sender that is not paused changes nothing.",
  params: SenderParams,
  body: ResumeSenderBody,
  success: { status: 200, description: "The sender", schema: SenderSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await resumeSender(auth.workspace.id, params.id, body.reason, auth.actor) }),
});

export const checkSenderDnsOperation = defineOperation({
  id: "checkSenderDns",
  method: "POST",
  path: "/senders/{id}/dns-check",
  tag,
  role: "admin",
  summary: "Check a sender's DNS",
  description:
    "Checks the MX, SPF, DMARC and DKIM records of the sender's from_email domain now (at most 3 s; a question without an answer is `unknown`, never `fail`), keeps the result on the sender as `dns` and returns it. Audited (`sender.dns_checked`, naming the sender, with each record's status and the worst as `outcome`). Also run when a sender is created or its `from_email` or `dkim_selector` changes.",
  params: SenderParams,
  success: { status: 200, description: "The checks", schema: DnsResultSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await checkSenderDns(auth.workspace.id, params.id, auth.actor) }),
});
