import { simpleParser, type AddressObject } from "mailparser";
import { parseDeliveryStatus, type DsnRecipient } from "@/lib/mailbox/dsn";
import { detectPlainBounce } from "@/lib/mailbox/plain-bounce";

// One raw message from the mailbox, parsed by mailparser into what intake needs: the ids it
// answers (In-Reply-To, References), the sender, the text, and for a delivery status notification
// its recipients and the Message-ID of the mail that bounced. A bounce that is not an RFC 3464
// report (a plain-text notice from qmail, Exim, Postfix, older hosted mail: lib/mailbox/plain-bounce.ts)
// is read into the same shape when it names its failed recipients, so intake treats both alike.

export type ParsedInbound = {
  messageId: string | null;
  inReplyTo: string[];
  references: string[];
  from: string;
  subject: string;
  text: string;
  date: Date | null;
  /** The Auto-Submitted header (RFC 3834) when it says anything but "no" (auto-replied, auto-generated …), else null. */
  autoSubmitted: string | null;
  dsn: { recipients: DsnRecipient[]; originalMessageId: string | null } | null;
};

const MESSAGE_ID = /<[^<>\s]{1,900}>/g;

function ids(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(" ") : (value ?? "");
  return [...joined.matchAll(MESSAGE_ID)].map((match) => match[0]);
}

function firstAddress(from: AddressObject | AddressObject[] | undefined): { address: string; name: string } {
  const list = Array.isArray(from) ? from : from ? [from] : [];
  const first = list.flatMap((entry) => entry.value).find((address) => address.address);
  return { address: (first?.address ?? "").trim(), name: (first?.name ?? list[0]?.value[0]?.name ?? "").trim() };
}

function headerMessageId(headersText: string): string | null {
  const match = /^Message-ID:\s*(<[^<>\s]+>)/im.exec(headersText.replace(/\r\n[ \t]+/g, " "));
  return match ? match[1] : null;
}

export async function parseInbound(raw: Buffer): Promise<ParsedInbound> {
  const mail = await simpleParser(raw, { keepDeliveryStatus: true, skipHtmlToText: false, skipImageLinks: true, skipTextLinks: true });
  const contentType = mail.headers.get("content-type") as { value?: string; params?: Record<string, string> } | undefined;
  const isReport = contentType?.value === "multipart/report" && (contentType.params?.["report-type"] ?? "").toLowerCase() === "delivery-status";
  const from = firstAddress(mail.from);
  const subject = (mail.subject ?? "").slice(0, 998);
  const text = (mail.text ?? "").slice(0, 100_000);
  let dsn: ParsedInbound["dsn"] = null;
  const statusPart = mail.attachments.find((part) => part.contentType === "message/delivery-status" || part.contentType === "message/global-delivery-status");
  const original = mail.attachments.find(
    (part) => part.contentType === "message/rfc822" || part.contentType === "text/rfc822-headers" || part.contentType === "message/global",
  );
  const originalMessageId = original ? headerMessageId(original.content.toString("utf8")) : null;
  if (isReport || statusPart) {
    const recipients = statusPart ? parseDeliveryStatus(statusPart.content.toString("utf8")) : [];
    // A report without a readable status part may still say in words who failed.
    dsn = {
      recipients: recipients.length ? recipients : (detectPlainBounce({ from: from.address, fromName: from.name, subject, text })?.recipients ?? []),
      originalMessageId,
    };
  } else {
    const plain = detectPlainBounce({ from: from.address, fromName: from.name, subject, text });
    // The returned copy is attached, or quoted in the text (its headers start their lines there).
    if (plain) dsn = { recipients: plain.recipients, originalMessageId: originalMessageId ?? headerMessageId(text) };
  }
  const autoHeader = String(mail.headers.get("auto-submitted") ?? "")
    .trim()
    .slice(0, 200);
  const autoSubmitted = autoHeader && autoHeader.toLowerCase() !== "no" ? autoHeader : null;
  return {
    messageId: ids(mail.messageId)[0] ?? null,
    inReplyTo: ids(mail.inReplyTo),
    references: ids(mail.references),
    from: from.address,
    subject,
    text,
    date: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : null,
    autoSubmitted,
    dsn,
  };
}
