import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { parseInbound } from "@/lib/mailbox/parse-message";

// The bounce corpus (issue 24): every permanent bounce that names its recipient is read with the
// right address, and no ordinary message or auto-reply is taken for a bounce. Three sources:
//  - the real bounces the `baunsu` npm package ships (tests/emails: Postfix reports for a dozen
//    providers, an auto-reply, an ordinary mail, spam), read as they are (RFC 3464) and, for the
//    Postfix notices, once more as plain text alone (their notification part without the report);
//  - our own plain-text notices in bounce-corpus/ (qmail, Exim, old Gmail, Postfix, Sendmail,
//    Exchange, Yahoo, Courier) and our own ordinary messages and auto-replies (not-*.eml);
//  - the labelled reply corpus of the local classifier (lib/engine/local/corpus), as mail.

const require = createRequire(import.meta.url);
const baunsuDir = path.join(path.dirname(require.resolve("baunsu/package.json")), "tests", "emails");
const ourDir = path.join(import.meta.dirname, "bounce-corpus");
const replyDir = path.join(import.meta.dirname, "..", "engine", "local", "corpus");

type Expected = { email: string; kind: "hard" | "soft" }[];

// baunsu's fixtures, labelled by hand from their reports' Final-Recipient. `plain`: the
// notification text alone is a Postfix notice that names the address (the content filter's
// "considered unsolicited bulk e-mail" notice is not an address failure).
const BAUNSU: Record<string, { bounce: Expected; plain: boolean } | "not a bounce"> = {
  "bounce_aol.txt": { bounce: [{ email: "mango3438kaskdmdfklas@aol.com", kind: "hard" }], plain: true },
  "bounce_att.txt": { bounce: [{ email: "mango3438kaskdmdfklas@att.net", kind: "hard" }], plain: true },
  "bounce_charter.txt": { bounce: [{ email: "mango3438kaskdmdfklas@charter.net", kind: "hard" }], plain: true },
  "bounce_cox.txt": { bounce: [{ email: "mango3438kaskdmdfklas@cox.com", kind: "hard" }], plain: true },
  "bounce_earthlink.txt": { bounce: [{ email: "mango3438kaskdmdfklas@earthlink.net", kind: "hard" }], plain: true },
  "bounce_exchange.txt": { bounce: [{ email: "mango3432dkl@skylight.com", kind: "hard" }], plain: true },
  "bounce_gmail.txt": { bounce: [{ email: "mango3432xlkdieldkl@gmail.com", kind: "hard" }], plain: true },
  "bounce_hotmail.txt": { bounce: [{ email: "mango3432xlkdieldkl@hotmail.com", kind: "hard" }], plain: true },
  "bounce_me.txt": { bounce: [{ email: "mango3438kaskdmdfklas@me.com", kind: "hard" }], plain: true },
  "bounce_postfix.txt": { bounce: [{ email: "mango-=#43@panda.com", kind: "hard" }], plain: true },
  "bounce_yahoo.txt": { bounce: [{ email: "mango3438kaskdmdfklas@yahoo.com", kind: "hard" }], plain: true },
  "bounce_spam.txt": { bounce: [{ email: "dev@sender.com", kind: "hard" }], plain: false },
  "auto_earthlink.txt": "not a bounce",
  "ordinary_gmail.txt": "not a bounce",
  "encoded_spam.txt": "not a bounce",
};

// Our plain-text notices, labelled; every other file in bounce-corpus/ is a not-*.eml.
const OURS: Record<string, Expected> = {
  "qmail-hard.eml": [{ email: "jdoe@qmail-recipient.example", kind: "hard" }],
  "qmail-no-mailbox.eml": [{ email: "info@old-shop.example", kind: "hard" }],
  "qmail-queue-timeout.eml": [{ email: "ops@unreachable.example", kind: "soft" }],
  "exim-hard.eml": [{ email: "m.keller@exim-recipient.example", kind: "hard" }],
  "exim-two-recipients.eml": [
    { email: "anna.berg@exim-two.example", kind: "hard" },
    { email: "sales@slow-host.example", kind: "soft" },
  ],
  "exim-delay.eml": [{ email: "lena@greylist.example", kind: "soft" }],
  "gmail-hard.eml": [{ email: "p.ortega@hosted-recipient.example", kind: "hard" }],
  "gmail-delay.eml": [{ email: "kim@busy-host.example", kind: "soft" }],
  "postfix-plain-hard.eml": [{ email: "r.iyer@postfix-recipient.example", kind: "hard" }],
  "postfix-warning.eml": [{ email: "tom@flaky.example", kind: "soft" }],
  "sendmail-hard.eml": [{ email: "h.novak@sendmail-recipient.example", kind: "hard" }],
  "exchange-hard.eml": [{ email: "o.petrova@corp-recipient.example", kind: "hard" }],
  "yahoo-hard.eml": [{ email: "no.such.person@yahoo.example", kind: "hard" }],
  "courier-hard.eml": [{ email: "w.zhang@courier-host.example", kind: "hard" }],
};

type Case = { source: string; name: string; raw: Buffer; expected: Expected | null };

/** A text/plain message from the given sender, as a mail server or a person would write it. */
function plainMessage(from: string, subject: string, text: string): Buffer {
  return Buffer.from(
    [
      `From: ${from}`,
      "To: sam@sender.example",
      `Subject: ${subject}`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "",
      text.replace(/\r?\n/g, "\r\n"),
      "",
    ].join("\r\n"),
  );
}

async function cases(): Promise<Case[]> {
  const all: Case[] = [];
  for (const [name, label] of Object.entries(BAUNSU)) {
    const raw = readFileSync(path.join(baunsuDir, name));
    all.push({ source: "baunsu", name, raw, expected: label === "not a bounce" ? null : label.bounce });
    if (label !== "not a bounce" && label.plain) {
      const mail = await simpleParser(raw, { keepDeliveryStatus: true });
      all.push({ source: "baunsu as plain text", name, raw: plainMessage(mail.from!.text, mail.subject ?? "", mail.text ?? ""), expected: label.bounce });
    }
  }
  for (const name of readdirSync(ourDir).sort()) {
    all.push({
      source: name.startsWith("not-") ? "ours, not bounces" : "ours",
      name,
      raw: readFileSync(path.join(ourDir, name)),
      expected: OURS[name] ?? null,
    });
  }
  for (const file of readdirSync(replyDir)
    .filter((name) => name.endsWith(".jsonl"))
    .sort()) {
    readFileSync(path.join(replyDir, file), "utf8")
      .split("\n")
      .filter(Boolean)
      .forEach((line, i) => {
        const example = JSON.parse(line) as { label: string; text: string; from?: string; subject?: string };
        // Replies labelled bounce there are one-line texts that name no recipient: not for this count.
        if (example.label === "bounce") return;
        all.push({
          source: "reply corpus",
          name: `${file}:${i + 1} (${example.label})`,
          raw: plainMessage(example.from ?? "Ana Ruiz <ana@customer.example>", example.subject ?? "Re: Quick question", example.text),
          expected: null,
        });
      });
  }
  return all;
}

describe("the bounce corpus", () => {
  it("reads every bounce that names its recipient with the right address and kind, and takes no ordinary mail or auto-reply for a bounce", async () => {
    const all = await cases();
    expect(Object.keys(BAUNSU).sort()).toEqual(readdirSync(baunsuDir).sort()); // every fixture baunsu ships is labelled
    expect(Object.keys(OURS).every((name) => all.some((c) => c.source === "ours" && c.name === name))).toBe(true);
    const wrong: string[] = [];
    const figures = new Map<string, { permanent: number; permanentRead: number; soft: number; softRead: number; ordinary: number; takenForBounce: number }>();
    for (const example of all) {
      const parsed = await parseInbound(example.raw);
      const got = (parsed.dsn?.recipients ?? []).map(({ email, kind }) => ({ email, kind }));
      const row = figures.get(example.source) ?? { permanent: 0, permanentRead: 0, soft: 0, softRead: 0, ordinary: 0, takenForBounce: 0 };
      figures.set(example.source, row);
      if (example.expected === null) {
        row.ordinary += 1;
        if (parsed.dsn) {
          row.takenForBounce += 1;
          wrong.push(`${example.source} ${example.name}: taken for a bounce of ${JSON.stringify(got)}`);
        }
        continue;
      }
      for (const recipient of example.expected) {
        const read = got.some((g) => g.email === recipient.email && g.kind === recipient.kind);
        if (recipient.kind === "hard") {
          row.permanent += 1;
          row.permanentRead += read ? 1 : 0;
        } else {
          row.soft += 1;
          row.softRead += read ? 1 : 0;
        }
        if (!read) wrong.push(`${example.source} ${example.name}: expected ${recipient.email} (${recipient.kind}), got ${JSON.stringify(got)}`);
      }
      const extra = got.filter((g) => !example.expected!.some((e) => e.email === g.email));
      if (extra.length) wrong.push(`${example.source} ${example.name}: names addresses that did not fail: ${JSON.stringify(extra)}`);
    }
    const total = [...figures.values()].reduce((sum, row) => ({
      permanent: sum.permanent + row.permanent,
      permanentRead: sum.permanentRead + row.permanentRead,
      soft: sum.soft + row.soft,
      softRead: sum.softRead + row.softRead,
      ordinary: sum.ordinary + row.ordinary,
      takenForBounce: sum.takenForBounce + row.takenForBounce,
    }));
    const lines = [...figures.entries()].map(
      ([source, row]) =>
        `  ${source}: permanent ${row.permanentRead}/${row.permanent}, soft ${row.softRead}/${row.soft}, ordinary or auto-reply taken for a bounce ${row.takenForBounce}/${row.ordinary}`,
    );
    console.log(
      `bounce corpus: permanent bounces read with their address ${total.permanentRead}/${total.permanent}, soft ${total.softRead}/${total.soft}, ordinary or auto-reply messages taken for a bounce ${total.takenForBounce}/${total.ordinary}\n${lines.join("\n")}`,
    );
    expect(wrong).toEqual([]);
    expect(total.permanent).toBeGreaterThanOrEqual(33); // the corpus does not shrink unnoticed
    expect(total.ordinary).toBeGreaterThanOrEqual(200);
  });
});
