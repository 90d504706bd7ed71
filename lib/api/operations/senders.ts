import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { ListQuery } from "@/lib/http/pagination";
import { createSender, CreateSenderBody, deleteSender, getSender, listSenders, SenderSchema, updateSender, UpdateSenderBody } from "@/lib/senders/senders";

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
  description: `A from identity with its own SMTP relay and, optionally, IMAP mailbox. Passwords are write-only and encrypted at rest. ${defaultNote} Leads are not yet assigned to senders, nor caps enforced.`,
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
