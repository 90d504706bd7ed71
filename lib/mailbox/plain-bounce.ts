import { type DsnRecipient } from "@/lib/mailbox/dsn";

// Bounces that are not RFC 3464 reports: the plain-text notices many mail servers still send
// (qmail, Exim, Sendmail, Postfix without its delivery-status part, older hosted mail and
// Exchange). A message counts only when both hold:
//  - it comes from a mail system: the sender is MAILER-DAEMON, postmaster, "Mail Delivery
//    System"…, or the subject is one mail servers give their notices (never "Re:" or "Fwd:"), and
//  - its text carries one mail server's own wording (FAMILIES below), after which the failed
//    addresses are listed one per line, each at the start of its line (`<a@b>:`, `  a@b`).
// So a person's reply, an out-of-office or an autoresponder, or someone forwarding a bounce, is
// never taken for one. Each family says whether its notice is final (hard) or a warning (soft);
// a recipient's own SMTP status (`550`, `4.2.2`, qmail's `#5.1.1`) or a queue timeout decides
// over that. Only the text before the returned copy of the message is read.

type Family = { name: string; start: RegExp; kind: "hard" | "soft" };

const FAMILIES: Family[] = [
  { name: "qmail", start: /this is the qmail-send program[^]*?(?:wasn't|was not) able to deliver your message to the following addresses\.?/i, kind: "hard" },
  {
    name: "exim-delay",
    start:
      /has not yet been delivered to one or more of its\s+recipients after more than[^]*?address(?:es|\(es\))? (?:to which the message has not yet been delivered|that have not yet been delivered) (?:are|is):?/i,
    kind: "soft",
  },
  {
    name: "exim",
    start: /could not be delivered to one or more of its\s+recipients\.\s+this is a permanent error\.[^]*?following address(?:\(es\)|es)? failed:?/i,
    kind: "hard",
  },
  { name: "gmail-delay", start: /delivery to the following recipients? has been delayed:?/i, kind: "soft" },
  { name: "gmail", start: /delivery to the following recipients? failed permanently:?/i, kind: "hard" },
  {
    name: "postfix-delay",
    start: /this is the mail system at host[^]*?(?:this is a warning only|could not be delivered for more than)[^]*?(?:will be retried|retried until)[^\n]*/i,
    kind: "soft",
  },
  { name: "postfix", start: /this is the mail system at host[^]*?your message could not\s+be delivered to one or more recipients\.?/i, kind: "hard" },
  { name: "sendmail-delay", start: /-+\s*the following addresses had transient non-fatal errors\s*-+/i, kind: "soft" },
  { name: "sendmail", start: /-+\s*the following addresses had permanent fatal errors\s*-+/i, kind: "hard" },
  { name: "exchange", start: /delivery has failed to these recipients or groups:?/i, kind: "hard" },
  { name: "yahoo", start: /sorry, we were unable to deliver your message to the following address(?:es)?\.?/i, kind: "hard" },
  { name: "courier", start: /your message to the following recipients cannot be delivered:?/i, kind: "hard" },
];

// Where the returned copy of the message (or the rest of the notice) begins: nothing below is read.
const COPY_STARTS = [
  /^[ \t]*-+ ?(?:this is a copy of the message|below this line is a copy of the message|original message|transcript of session follows|undelivered message|message headers follow)/im,
  /^(?:original message headers|original message follows|return-path:|received: from )/im,
];

const SENDER = /^(?:mailer-daemon|mail-daemon|maildaemon|postmaster|mail\.?delivery|mdaemon|microsoftexchange[0-9a-f]*)@/i;
const SENDER_NAME = /\b(?:mail delivery (?:system|subsystem)|mail system|mailer-daemon)\b/i;
const SUBJECT =
  /^(?:undeliver(?:ed|able)|mail delivery failed|failure notice|delivery status notification|returned mail|delivery failure|mail system error|warning: message .* delayed|non-?deliverable|delivery (?:has )?failed|message not delivered|could not send message|mail could not be delivered)/i;

// A line that starts with an address: bare, in <>, after "->", or after a display name ("Jane Doe
// (jane@x)"), followed by the end of the line, ":" or "(". Diagnostics that quote the address after
// an SMTP code or "RCPT TO:" do not start their line with it.
const ADDRESS_LINE =
  /^[ \t]*(?:->[ \t]*)?(?:"?[\p{L}\p{M} .'-]{0,80}"?[ \t]*[<(])?([^\s<>()@"',;:]{1,64}@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)[>)]?[ \t]*(?::|\(|$)/gimu;

export type PlainBounceInput = { from: string; fromName?: string; subject: string; text: string };
export type PlainBounce = { family: string; recipients: DsnRecipient[] };

/** True when the message says it comes from a mail system (by its sender or its subject). */
export function fromMailSystem(input: Pick<PlainBounceInput, "from" | "fromName" | "subject">): boolean {
  return SENDER.test(input.from.trim()) || SENDER_NAME.test(input.fromName ?? "") || SUBJECT.test(input.subject.trim());
}

/** The failed recipients of a plain-text bounce notice, or null when the message is not one. */
export function detectPlainBounce(input: PlainBounceInput): PlainBounce | null {
  if (!fromMailSystem(input)) return null;
  const text = input.text.replace(/\r\n?/g, "\n").slice(0, 50_000);
  for (const family of FAMILIES) {
    const found = family.start.exec(text);
    if (!found) continue;
    const rest = text.slice(found.index + found[0].length);
    const section = rest.slice(0, Math.min(...COPY_STARTS.map((marker) => marker.exec(rest)?.index ?? rest.length), 20_000));
    const recipients = recipientsIn(section, family.kind);
    if (recipients.length > 0) return { family: family.name, recipients };
  }
  return null;
}

/** Each address that starts a line, with the text under it (up to the next other address) as its diagnostic. */
function recipientsIn(section: string, kind: "hard" | "soft"): DsnRecipient[] {
  const first = new Map<string, number>();
  for (const match of section.matchAll(ADDRESS_LINE)) {
    const email = match[1].toLowerCase();
    if (!SENDER.test(email) && !first.has(email)) first.set(email, match.index);
  }
  const starts = [...first.entries()];
  return starts.map(([email, at], i) => {
    const diagnostic = section
      .slice(at, starts[i + 1]?.[1] ?? section.length)
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 1000);
    return recipientOf(email, kind, diagnostic);
  });
}

function recipientOf(email: string, familyKind: "hard" | "soft", diagnostic: string): DsnRecipient {
  // An enhanced status (5.1.1, qmail's #5.1.1), never part of an IP address (5.9.12.34).
  const enhanced = /(?<![\d.])([245])\.(\d{1,3})\.(\d{1,3})(?![.\d])/.exec(diagnostic);
  const reply = /\b([245])\d\d[ -]/.exec(diagnostic);
  const timedOut = /retry timeout exceeded|in the queue too long|too long in (?:the )?queue|message expired|delivery time expired/i.test(diagnostic);
  const klass = enhanced?.[1] ?? reply?.[1] ?? null;
  const kind = timedOut || klass === "4" ? "soft" : klass === "5" ? "hard" : familyKind;
  const status = enhanced ? `${enhanced[1]}.${enhanced[2]}.${enhanced[3]}` : kind === "hard" ? "5.0.0" : "4.0.0";
  return { email, action: kind === "hard" ? "failed" : "delayed", status, diagnostic: diagnostic || null, kind };
}
