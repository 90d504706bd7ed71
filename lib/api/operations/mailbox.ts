import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { checkMailbox, getMailbox, putMailbox } from "@/lib/mailbox/mailbox-settings";
import { MailboxSchema, PutMailboxBody } from "@/lib/senders/mailbox-fields";

export const getMailboxOperation = defineOperation({
  id: "getMailbox",
  method: "GET",
  path: "/mailbox",
  tag: "Mailbox",
  role: "admin",
  summary: "Fetch the IMAP mailbox settings",
  success: { status: 200, description: "The mailbox (the password is never shown)", schema: MailboxSchema },
  errors: ["not_found"],
  handler: async ({ auth }) => ({ body: await getMailbox(auth.workspace.id) }),
});

export const putMailboxOperation = defineOperation({
  id: "putMailbox",
  method: "PUT",
  path: "/mailbox",
  tag: "Mailbox",
  role: "admin",
  summary: "Set the IMAP mailbox",
  description: "Replies and bounces are read from its folders. The password is write-only and encrypted at rest.",
  body: PutMailboxBody,
  success: { status: 200, description: "The mailbox", schema: MailboxSchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await putMailbox(auth.workspace.id, body, auth.actor) }),
});

const CheckResult = z.object({ ok: z.boolean(), message: z.string() }).meta({ id: "MailboxCheck" });

export const checkMailboxOperation = defineOperation({
  id: "checkMailbox",
  method: "POST",
  path: "/mailbox/check",
  tag: "Mailbox",
  role: "admin",
  summary: "Check the mailbox connection",
  description: "Connects, logs in and opens each folder, reading no mail. `ok: false` says why it failed.",
  success: { status: 200, description: "The outcome", schema: CheckResult },
  errors: ["not_found"],
  handler: async ({ auth }) => ({ body: await checkMailbox(auth.workspace.id) }),
});
