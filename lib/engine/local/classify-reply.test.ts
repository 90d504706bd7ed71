import { describe, expect, it } from "vitest";
import { classifyReply, confidenceFrom } from "@/lib/engine/local/classify-reply";
import { stripQuoted } from "@/lib/nlp/strip-quoted";

// The cases issue 17 names: stop-requests and negations are unsubscribes, out-of-office replies
// carry their return date, and quoted text (our own pitch) never decides.

const ALL = ""; // no "Categories:" line: every category allowed
const received = new Date("2026-03-02T09:00:00Z");

describe("local reply classifier: stop-requests", () => {
  it.each([
    "Please don't email me again.",
    "Don't e-mail me.",
    "do not contact me anymore",
    "Take me off your list.",
    "Please take me off this mailing list, thanks",
    "Remove me.",
    "remove me from your list please",
    "Stop",
    "I do not want to receive these emails.",
    "Never write to me again",
  ])("%j is an unsubscribe", (text) => {
    expect(classifyReply({ text }, ALL).classification).toBe("unsubscribe");
  });

  it("does not read an invitation to email as a stop-request", () => {
    expect(classifyReply({ text: "Sounds interesting, email me the details." }, ALL).classification).toBe("interested");
  });
});

describe("local reply classifier: out of office", () => {
  it.each([
    ["I am out of the office until 14 March with limited access to email.", "2026-03-14"],
    ["Automatic reply: I'm on annual leave, back on March 20th.", "2026-03-20"],
    ["Out of office. I will return on 2026-04-14.", "2026-04-14"],
    ["I'm out until next Wednesday with no laptop.", "2026-03-04"],
    ["Abwesenheit: I am away until 12.05.2026.", "2026-05-12"],
  ])("%j is out of office, back %s", (text, date) => {
    const answer = classifyReply({ text, receivedAt: received }, ALL);
    expect(answer).toMatchObject({ classification: "out_of_office", return_date: date });
    expect(answer.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it("a date already past this year is next year's", () => {
    expect(classifyReply({ text: "Out of office until 10 January.", receivedAt: received }, ALL).return_date).toBe("2027-01-10");
  });
});

describe("local reply classifier: quoted text is ignored", () => {
  const pitch = "Hi Ana,\n\nWould a 15-minute demo be interesting? Reply stop to opt out, or unsubscribe here.\n\nSam";

  it("reads only what the person wrote above the quote", () => {
    const text = `No thanks, we're all set.\n\nOn Mon, 2 Mar 2026 at 10:00, Sam <sam@sender.example> wrote:\n${pitch
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n")}`;
    expect(classifyReply({ text }, ALL).classification).toBe("not_interested");
  });

  it("an Outlook-style quote (From: header block) is cut too", () => {
    const text = `Tell me more, please.\n\n________________________________\nFrom: Sam <sam@sender.example>\nSent: Monday\nSubject: Quick question\n\n${pitch}`;
    expect(stripQuoted(text)).toBe("Tell me more, please.");
    expect(classifyReply({ text }, ALL).classification).toBe("interested");
  });

  it("a reply that is only quote has nothing to classify", () => {
    expect(
      classifyReply(
        {
          text: pitch
            .split("\n")
            .map((line) => `> ${line}`)
            .join("\n"),
        },
        ALL,
      ).classification,
    ).toBe("other");
  });

  it("a signature below the dash line does not count", () => {
    expect(stripQuoted("Interesting, send me pricing.\n-- \nAna Lee\nUnsubscribe from our newsletter")).toBe("Interesting, send me pricing.");
  });
});

describe("local reply classifier: its confidence comes from the evidence", () => {
  it("one clear phrase, more phrases, and a rival category give different figures", () => {
    const one = classifyReply({ text: "Not interested." }, ALL);
    const two = classifyReply({ text: "Not interested, we're all set. No budget either." }, ALL);
    const mixed = classifyReply({ text: "Sounds interesting, can we meet Thursday? Let's talk." }, ALL);
    expect([one.classification, two.classification, mixed.classification]).toEqual(["not_interested", "not_interested", "meeting_request"]);
    expect(two.confidence).toBeGreaterThan(one.confidence);
    expect(mixed.confidence).toBeLessThan(one.confidence);
    expect(new Set([one.confidence, two.confidence, mixed.confidence]).size).toBe(3);
  });

  it('the blanked-out winner is not counted against itself ("not interested" holds "interested")', () => {
    expect(classifyReply({ text: "Not interested." }, ALL).confidence).toBe(confidenceFrom(1, 0));
  });

  it("a bare question grows surer with more questions; nothing recognised stays low", () => {
    expect(classifyReply({ text: "Who uses it? What does it cost?" }, ALL).confidence).toBeGreaterThan(
      classifyReply({ text: "What does it cost?" }, ALL).confidence,
    );
    expect(classifyReply({ text: "hello" }, ALL)).toEqual({ classification: "other", confidence: 0.3 });
  });

  it("stays within 0.5 to 0.95 for a rule's answer", () => {
    for (const [hits, rivals] of [
      [1, 0],
      [1, 5],
      [9, 0],
      [3, 1],
    ]) {
      expect(confidenceFrom(hits, rivals)).toBeGreaterThanOrEqual(0.5);
      expect(confidenceFrom(hits, rivals)).toBeLessThanOrEqual(0.95);
    }
  });
});

describe("local reply classifier: automatic answers", () => {
  it("an Auto-Submitted header with no one away is an auto_reply; with a return date an out_of_office", () => {
    expect(classifyReply({ text: "Thank you for your email.", autoSubmitted: "auto-replied", receivedAt: received }, ALL).classification).toBe("auto_reply");
    expect(classifyReply({ text: "Thank you for your email.", autoSubmitted: "no", receivedAt: received }, ALL).classification).toBe("other");
    expect(
      classifyReply({ text: "Danke für Ihre Nachricht, ich bin ab dem 16.03.2026 wieder im Büro.", autoSubmitted: "auto-replied", receivedAt: received }, ALL),
    ).toMatchObject({ classification: "out_of_office", return_date: "2026-03-16" });
  });

  it("an acknowledgement's wording alone does not outweigh a person's answer", () => {
    expect(classifyReply({ text: "Thanks for contacting me, but we're not interested." }, ALL).classification).toBe("not_interested");
    expect(classifyReply({ text: "There was no reply from my team yet, can you resend the deck?" }, ALL).classification).not.toBe("auto_reply");
    expect(classifyReply({ text: "Your ticket #4471 has been received. A member of our team will respond shortly." }, ALL).classification).toBe("auto_reply");
  });

  it("an auto_reply is allowed by a track version that does not list it", () => {
    expect(classifyReply({ text: "Thanks.", autoSubmitted: "auto-generated" }, "Categories: interested, other.").classification).toBe("auto_reply");
  });
});

describe("quoted history in four languages", () => {
  it("keeps an answer written below the quote", () => {
    expect(stripQuoted("On Mon, 2 Mar 2026 at 10:00, Sam <sam@x.example> wrote:\n> Would a demo help?\n\nYes, send pricing.")).toBe("Yes, send pricing.");
  });

  it.each([
    ["Von: Sam <sam@x.example>\nGesendet: Montag, 2. März 2026 10:00\nAn: Anna\nBetreff: Frage", "Kein Bedarf."],
    ["De : Sam <sam@x.example>\nEnvoyé : lundi 2 mars 2026 10:00\nÀ : Anne\nObjet : Question", "Pas intéressé."],
    ["De: Sam <sam@x.example>\nEnviado: lunes, 2 de marzo de 2026 10:00\nPara: Ana\nAsunto: Pregunta", "No nos interesa."],
    ["-----Ursprüngliche Nachricht-----\nVon: Sam\nBetreff: Frage", "Kein Bedarf."],
  ])("cuts an Outlook or Gmail header block (%#)", (header, answer) => {
    expect(stripQuoted(`${answer}\n\n${header}\n\nwäre eine Demo interessant? Termin?`)).toBe(answer);
  });

  it("cuts a German Gmail attribution line and its quote", () => {
    expect(stripQuoted("Kein Bedarf.\n\nAm Mo., 2. März 2026 um 10:00 Uhr schrieb Sam <sam@x.example>:\n> Hallo,\n> wäre eine Demo interessant?")).toBe(
      "Kein Bedarf.",
    );
  });
});
