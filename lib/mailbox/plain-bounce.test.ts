import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseInbound } from "@/lib/mailbox/parse-message";
import { detectPlainBounce, fromMailSystem } from "@/lib/mailbox/plain-bounce";

// The rules of lib/mailbox/plain-bounce.ts one by one; bounce-corpus.test.ts runs the whole corpus.

const daemon = { from: "MAILER-DAEMON@mx.sender.example", subject: "Undelivered Mail Returned to Sender" };
const postfix = (lines: string) =>
  `This is the mail system at host mx.sender.example.\n\nI'm sorry to have to inform you that your message could not\nbe delivered to one or more recipients. It's attached below.\n\n                   The mail system\n\n${lines}`;

describe("plain-text bounce notices", () => {
  it("takes the status from the recipient's own lines, never from an IP address", () => {
    const found = detectPlainBounce({
      ...daemon,
      text: postfix(
        "<a@x.example>: connect to mx.x.example[5.9.12.34]:25: Connection refused\n<b@x.example>: host mx.x.example[192.0.2.1] said: 452 4.2.2 Mailbox full (in reply to RCPT TO command)",
      ),
    });
    expect(found).toEqual({
      family: "postfix",
      recipients: [
        {
          email: "a@x.example",
          action: "failed",
          status: "5.0.0",
          diagnostic: "<a@x.example>: connect to mx.x.example[5.9.12.34]:25: Connection refused",
          kind: "hard",
        },
        { email: "b@x.example", action: "delayed", status: "4.2.2", diagnostic: expect.stringContaining("452 4.2.2 Mailbox full"), kind: "soft" },
      ],
    });
  });

  it("counts an address once, however often the diagnostic repeats it, and never the mail system's own", () => {
    const text =
      "Delivery to the following recipient failed permanently:\n\n     Jo@X.example\n\nThe error that the other server returned was:\n550 5.1.1 <jo@x.example>: User unknown\n<postmaster@x.example>\n\n----- Original message -----\nTo: jo@x.example\nFrom: sam@sender.example";
    expect(detectPlainBounce({ from: "mailer-daemon@googlemail.com", subject: "Delivery Status Notification (Failure)", text })?.recipients).toEqual([
      { email: "jo@x.example", action: "failed", status: "5.1.1", diagnostic: expect.stringContaining("User unknown"), kind: "hard" },
    ]);
  });

  it("needs both a mail system's sender or subject and a mail server's wording", () => {
    const exim =
      "This message was created automatically by mail delivery software.\n\nA message that you sent could not be delivered to one or more of its\nrecipients. This is a permanent error. The following address(es) failed:\n\n  gone@x.example\n    550 No such user";
    expect(
      detectPlainBounce({ from: "Mailer-Daemon@relay.example", subject: "Mail delivery failed: returning message to sender", text: exim })?.recipients.map(
        (r) => r.email,
      ),
    ).toEqual(["gone@x.example"]);
    expect(detectPlainBounce({ from: "someone@x.example", subject: "Fwd: Mail delivery failed: returning message to sender", text: exim })).toBeNull();
    expect(detectPlainBounce({ from: "someone@x.example", subject: "Re: Quick question", text: exim })).toBeNull();
    expect(detectPlainBounce({ ...daemon, text: "Your mailbox is almost full. Contact gone@x.example." })).toBeNull();
    expect(detectPlainBounce({ ...daemon, text: "Delivery to the following recipient failed permanently." })).toBeNull(); // names nobody
  });

  it("knows a mail system by its address, its display name or its subject", () => {
    expect(fromMailSystem({ from: "postmaster@x.example", subject: "" })).toBe(true);
    expect(fromMailSystem({ from: "", fromName: "Mail Delivery System", subject: "" })).toBe(true);
    expect(fromMailSystem({ from: "x@y.example", subject: "failure notice" })).toBe(true);
    expect(fromMailSystem({ from: "x@y.example", subject: "Re: failure notice" })).toBe(false);
    expect(fromMailSystem({ from: "jane@y.example", fromName: "Jane", subject: "Automatic reply: Quick question" })).toBe(false);
  });

  it("reaches intake as a bounce, with the Message-ID of the returned copy quoted in its text", async () => {
    const parsed = await parseInbound(readFileSync(path.join(import.meta.dirname, "bounce-corpus", "qmail-hard.eml")));
    expect(parsed.dsn).toEqual({
      recipients: [
        { email: "jdoe@qmail-recipient.example", action: "failed", status: "5.1.1", diagnostic: expect.stringContaining("User unknown"), kind: "hard" },
      ],
      originalMessageId: "<drf_qmail01@sender.example>",
    });
  });
});
