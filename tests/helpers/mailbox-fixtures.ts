import { db } from "@/lib/db";
import { encryptSecret } from "@/lib/crypto/secrets";
import { newId } from "@/lib/ids";
import { ensureWorkspace } from "@/lib/workspaces/create-workspace";
import type { Dovecot } from "./dovecot";

// A workspace whose leads were each sent one email (drafts, sends with their Message-IDs), and a
// mailbox on the test's dovecot: what the intake loop needs to match replies. Rows are written in
// bulk so the intake benchmark can make thousands.

export type SentLead = { leadId: string; email: string; draftId: string; runId: string; messageId: string };

/** `tag` makes the lead addresses unique when the workspace is shared (the e2e tests use demo). */
export async function sentWorkspace(slug: string, count: number, tag = ""): Promise<{ workspaceId: string; runId: string; leads: SentLead[] }> {
  const workspace = await ensureWorkspace({ slug, name: slug });
  const pack = await db().pack.findFirstOrThrow({ where: { slug: "saas-outbound" } });
  const runId = newId("run");
  await db().run.create({ data: { id: runId, name: "Test run", workspaceId: workspace.id, packId: pack.id, status: "completed" } });
  const leads: SentLead[] = Array.from({ length: count }, (_, i) => {
    const draftId = newId("drf");
    return { leadId: newId("lead"), email: `person${i}${tag}@${slug}.example`, draftId, runId, messageId: `<${draftId}@mail.${slug}.example>` };
  });
  for (let start = 0; start < leads.length; start += 1000) {
    const chunk = leads.slice(start, start + 1000);
    const runLeadIds = chunk.map(() => newId("rle"));
    await db().lead.createMany({
      data: chunk.map((lead) => ({ id: lead.leadId, workspaceId: workspace.id, email: lead.email, emailLower: lead.email, status: "sent" })),
    });
    await db().runLead.createMany({
      data: chunk.map((lead, i) => ({
        id: runLeadIds[i],
        workspaceId: workspace.id,
        runId,
        leadId: lead.leadId,
        stage: "send",
        state: "done",
        qualified: true,
      })),
    });
    await db().draft.createMany({
      data: chunk.map((lead, i) => ({
        id: lead.draftId,
        workspaceId: workspace.id,
        runId,
        leadId: lead.leadId,
        runLeadId: runLeadIds[i],
        subject: "Quick question",
        body: "Hi,\n\nA question about your pipeline.\n\nSam",
        status: "sent",
        reviewedAt: new Date(),
      })),
    });
    await db().send.createMany({
      data: chunk.map((lead) => ({
        id: newId("snd"),
        workspaceId: workspace.id,
        draftId: lead.draftId,
        messageId: lead.messageId,
        status: "sent",
        attempts: 1,
        acceptedAt: new Date(),
      })),
    });
  }
  return { workspaceId: workspace.id, runId, leads };
}

export async function pointMailboxAt(workspaceId: string, dovecot: Dovecot, username: string, folders = ["INBOX"]) {
  const { password } = dovecot.user(username);
  const fields = { host: dovecot.host, port: dovecot.port, secure: false, username, passwordEncrypted: encryptSecret(password), folders };
  await db().mailboxSettings.upsert({ where: { workspaceId }, create: { workspaceId, ...fields }, update: fields });
}

let counter = 0;
const stamp = () => new Date().toUTCString().replace("GMT", "+0000");

/** A reply as a mail client writes it; `threading` says which headers name our email. */
export function replyMessage(
  lead: SentLead,
  text: string,
  threading: "in-reply-to" | "references" | "none" = "in-reply-to",
  subject = "Re: Quick question",
  extraHeaders: string[] = [],
): string {
  counter += 1;
  const headers = [
    ...extraHeaders,
    `From: ${lead.email}`,
    `To: sam@sender.example`,
    `Subject: ${subject}`,
    `Date: ${stamp()}`,
    `Message-ID: <reply-${counter}-${Date.now()}@${lead.email.split("@")[1]}>`,
    ...(threading === "in-reply-to" ? [`In-Reply-To: ${lead.messageId}`, `References: ${lead.messageId}`] : []),
    ...(threading === "references" ? [`References: <older-thread@elsewhere.example> ${lead.messageId}`] : []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${text.replace(/\r?\n/g, "\r\n")}\r\n`;
}

/** A delivery status notification (RFC 3464) for one recipient of our email. */
export function dsnMessage(lead: SentLead, kind: "hard" | "soft"): string {
  counter += 1;
  const boundary = `dsn-${counter}`;
  const [action, status, diagnostic] =
    kind === "hard" ? ["failed", "5.1.1", "smtp; 550 5.1.1 user unknown"] : ["delayed", "4.4.7", "smtp; 451 4.4.7 try again later"];
  return [
    `From: Mail Delivery System <MAILER-DAEMON@mx.sender.example>`,
    `To: sam@sender.example`,
    `Subject: Undelivered Mail Returned to Sender`,
    `Date: ${stamp()}`,
    `Message-ID: <dsn-${counter}-${Date.now()}@mx.sender.example>`,
    "Auto-Submitted: auto-replied",
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=us-ascii",
    "",
    `Your message to ${lead.email} could not be delivered.`,
    "",
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.sender.example",
    "Arrival-Date: " + stamp(),
    "",
    `Final-Recipient: rfc822; ${lead.email}`,
    `Original-Recipient: rfc822;${lead.email}`,
    `Action: ${action}`,
    `Status: ${status}`,
    `Diagnostic-Code: ${diagnostic}`,
    "",
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    `From: sam@sender.example`,
    `To: ${lead.email}`,
    `Subject: Quick question`,
    `Message-ID: ${lead.messageId}`,
    "",
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** A plain-text bounce notice as Exim writes it (no RFC 3464 report), quoting our email's headers. */
export function eximBounceMessage(lead: SentLead): string {
  counter += 1;
  return [
    "Return-path: <>",
    `X-Failed-Recipients: ${lead.email}`,
    "Auto-Submitted: auto-replied",
    "From: Mail Delivery System <Mailer-Daemon@relay.sender.example>",
    "To: sam@sender.example",
    "Subject: Mail delivery failed: returning message to sender",
    `Date: ${stamp()}`,
    `Message-ID: <E1exim-${counter}-${Date.now()}@relay.sender.example>`,
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This message was created automatically by mail delivery software.",
    "",
    "A message that you sent could not be delivered to one or more of its",
    "recipients. This is a permanent error. The following address(es) failed:",
    "",
    `  ${lead.email}`,
    `    host mx.${lead.email.split("@")[1]} [192.0.2.44]`,
    `    SMTP error from remote mail server after RCPT TO:<${lead.email}>:`,
    `    550 5.1.1 <${lead.email}>: Recipient address rejected: User unknown`,
    "",
    "------ This is a copy of the message, including all the headers. ------",
    "",
    "From: sam@sender.example",
    `To: ${lead.email}`,
    "Subject: Quick question",
    `Message-ID: ${lead.messageId}`,
    "",
    "Hello",
    "",
  ].join("\r\n");
}

/**
 * Waits until the worker has a session open on the workspace's own mailbox and has read it once
 * (`status.state` idle, as Settings → Mailbox shows it). A worker picks up a newly saved mailbox at
 * its next scan (every few seconds): a test that counts on a reply being read within a step's wait
 * starts its clock only after this.
 */
export async function mailboxReading(workspaceId: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await db().mailboxStatus.findUnique({ where: { workspaceId } });
    if (status?.state === "idle" && status.lastCheckedAt) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the worker did not start reading the mailbox of ${workspaceId} within ${timeoutMs} ms`);
}
