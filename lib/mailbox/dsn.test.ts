import { describe, expect, it } from "vitest";
import { bounceKind, parseDeliveryStatus } from "@/lib/mailbox/dsn";
import { parseInbound } from "@/lib/mailbox/parse-message";
import { outOfOfficeUntil } from "@/lib/engine/local/return-date";
import { stripQuoted } from "@/lib/nlp/strip-quoted";

describe("delivery status notifications (RFC 3464)", () => {
  it("reads each recipient block and tells hard from soft", () => {
    const text = [
      "Reporting-MTA: dns; mx.example.net",
      "Arrival-Date: Tue, 3 Mar 2026 10:00:00 +0000",
      "",
      "Final-Recipient: rfc822; Gone@Example.com",
      "Action: failed",
      "Status: 5.1.1",
      "Diagnostic-Code: smtp; 550 5.1.1",
      "  user unknown",
      "",
      "Original-Recipient: rfc822;later@example.com",
      "Final-Recipient: rfc822;later@example.com",
      "Action: delayed",
      "Status: 4.4.7",
      "",
      "Final-Recipient: rfc822;fine@example.com",
      "Action: delivered",
      "Status: 2.0.0",
    ].join("\r\n");
    expect(parseDeliveryStatus(text)).toEqual([
      { email: "gone@example.com", action: "failed", status: "5.1.1", diagnostic: "smtp; 550 5.1.1 user unknown", kind: "hard" },
      { email: "later@example.com", action: "delayed", status: "4.4.7", diagnostic: null, kind: "soft" },
      { email: "fine@example.com", action: "delivered", status: "2.0.0", diagnostic: null, kind: null },
    ]);
    expect(bounceKind("failed", "")).toBe("hard");
    expect(bounceKind("failed", "4.2.2")).toBe("soft");
  });

  it("finds the DSN part and the bounced Message-ID through mailparser", async () => {
    const raw = [
      "From: MAILER-DAEMON@mx.example.net",
      "To: sam@sender.example",
      "Subject: Undelivered",
      "Message-ID: <dsn1@mx.example.net>",
      "MIME-Version: 1.0",
      'Content-Type: multipart/report; report-type=delivery-status; boundary="b"',
      "",
      "--b",
      "Content-Type: text/plain",
      "",
      "Could not deliver.",
      "",
      "--b",
      "Content-Type: message/delivery-status",
      "",
      "Reporting-MTA: dns; mx.example.net",
      "",
      "Final-Recipient: rfc822; gone@example.com",
      "Action: failed",
      "Status: 5.1.1",
      "",
      "--b",
      "Content-Type: message/rfc822",
      "",
      "From: sam@sender.example",
      "To: gone@example.com",
      "Message-ID: <drf_1@sender.example>",
      "Subject: Hi",
      "",
      "Hello",
      "",
      "--b--",
      "",
    ].join("\r\n");
    const parsed = await parseInbound(Buffer.from(raw));
    expect(parsed.dsn).toEqual({
      recipients: [expect.objectContaining({ email: "gone@example.com", kind: "hard" })],
      originalMessageId: "<drf_1@sender.example>",
    });
    expect(parsed.from).toBe("MAILER-DAEMON@mx.example.net");
  });
});

describe("quoted text and signatures", () => {
  it.each([
    ["Please stop.\n\nOn Tue, 3 Mar 2026 at 09:12, Sam <sam@x.example> wrote:\n> Interested?", "Please stop."],
    ["No thanks.\n-----Original Message-----\nFrom: Sam\nReply stop to opt out.", "No thanks."],
    ["Tell me more.\n> unsubscribe here", "Tell me more."],
    ["Sounds good.\n\n-- \nAna Ruiz\nHead of Growth", "Sounds good."],
    ["Sounds good.\n\nBest regards,\nAna Ruiz\nAcme", "Sounds good."], // email-reply-parser takes the sign-off block as signature
    ["> only a quote", ""],
  ])("%j → %j", (text, expected) => {
    expect(stripQuoted(text)).toBe(expected);
  });
});

describe("out-of-office return dates", () => {
  const received = new Date("2026-03-03T10:00:00Z"); // a Tuesday
  it.each([
    ["I am out of the office until Monday 16 March.", "2026-03-16"],
    ["On vacation until March 20th.", "2026-03-20"],
    ["Back on the 1st of December.", "2026-12-01"],
    ["Away until 2026-04-14.", "2026-04-14"],
    ["I will be back on 12.05.2026.", "2026-05-12"],
    ["On holiday until 6 Jan.", "2027-01-06"],
    ["Out until Friday.", "2026-03-06"],
    ["I'm on leave.", null],
  ])("%j → %s", (text, expected) => {
    expect(outOfOfficeUntil(text, received)).toBe(expected);
  });
});
