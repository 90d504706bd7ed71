import type Mail from "nodemailer/lib/mailer";
import { newId } from "@/lib/ids";
import { unsubscribeHeaders } from "@/lib/suppressions/unsubscribe-token";

// The message a draft goes out as, in one place: the send (lib/sending/send-draft.ts) composes it
// to hand to the relay, and the spam score (lib/spam/score-draft.ts) composes the same message for
// SpamAssassin to read. From is the lead's sender as its relay names it now.

export type DraftForMessage = { id: string; workspaceId: string; subject: string; body: string; lead: { email: string } };
export type MessageSender = { fromName: string | null; fromEmail: string };

export function messageIdFor(fromEmail: string | undefined): string {
  return `<${newId("snd")}@${fromEmail?.split("@")[1] ?? "leadpipe.local"}>`;
}

/** nodemailer's message options (lib/sending/smtp-delivery.ts composeMessage builds the raw message). */
/** `threading`: In-Reply-To and References (a follow-up's thread: lib/sending/thread.ts threadHeaders; an answer's: answerHeaders, same file). */
export type Threading = { inReplyTo?: string; references?: string[] };

export function draftMessage(draft: DraftForMessage, sender: MessageSender, messageId: string, threading: Threading): Mail.Options {
  return {
    from: sender.fromName ? { name: sender.fromName, address: sender.fromEmail } : sender.fromEmail,
    to: draft.lead.email,
    subject: draft.subject,
    text: draft.body,
    messageId,
    headers: { ...unsubscribeHeaders(draft.workspaceId, draft.lead.email, sender.fromEmail), "X-LeadPipe-Draft": draft.id },
    ...threading,
  };
}
