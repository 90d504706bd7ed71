import { allowedCategories, type ReplyCategory } from "@/lib/reply-categories";
import { stripQuoted } from "@/lib/nlp/strip-quoted";
import { outOfOfficeUntil } from "@/lib/engine/local/return-date";
import { AUTO_REPLY, DEPARTED, OUT_OF_OFFICE, RULES } from "@/lib/engine/local/reply-phrases";

// track, locally: a reply's category by ordered rules, with a confidence computed from the evidence
// (confidenceFrom, below). Only the categories the
// prompt version lists ("Categories: a, b, c.") may come back; anything else becomes "other".
// Only what the person wrote counts: quoted text (our own pitch, with its "reply stop to opt out")
// and signatures are stripped first. Stop-requests and negations ("don't email me", "not
// interested") are matched before the words they contain ("email me", "interested"). The phrases
// (English, German, French, Spanish) are in reply-phrases.ts.
//
// An automatic answer (an Auto-Submitted header other than "no", RFC 3834, or the wording of a
// ticket system's or mailbox's acknowledgement) is decided first: out_of_office when a person is
// away or a return date is given, else auto_reply, which neither ends nor pauses a sequence.

export type ReplyClassification = { classification: ReplyCategory; confidence: number; return_date?: string | null };

function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

const GLOBAL_RULES: [ReplyCategory, RegExp[]][] = RULES.map(([category, patterns]) => [
  category,
  patterns.map((pattern) => new RegExp(pattern.source, `${pattern.flags}g`)),
]);

/** How many phrases of the category the text holds, and the text with them blanked out. */
function evidence(category: ReplyCategory, text: string): { hits: number; rest: string } {
  const patterns = GLOBAL_RULES.find(([name]) => name === category)![1];
  let hits = 0;
  let rest = text;
  for (const pattern of patterns) {
    rest = rest.replace(pattern, (match) => {
      hits += 1;
      return " ".repeat(match.length);
    });
  }
  return { hits, rest };
}

/**
 * The classifier's own figure: more phrases of the winning category raise it, phrases of other
 * categories left once the winner's are blanked out (a reply that is also a question, or also
 * says "not now") lower it. One clear phrase alone gives 0.73; two 0.8; one against one rival 0.61.
 * Always between 0.5 and 0.95 for a rule's answer.
 */
export function confidenceFrom(hits: number, rivals: number): number {
  const strength = hits / (hits + 1);
  const share = hits / (hits + rivals);
  return Math.round(Math.min(0.95, 0.5 + 0.45 * strength * share) * 100) / 100;
}

function ruleAnswer(category: ReplyCategory, text: string): ReplyClassification {
  const { hits, rest } = evidence(category, text);
  const rivals =
    GLOBAL_RULES.filter(([name]) => name !== category).reduce((sum, [name]) => sum + evidence(name, rest).hits, 0) +
    (rest.includes("?") && category !== "question" ? 1 : 0);
  return { classification: category, confidence: confidenceFrom(Math.max(1, hits), rivals) };
}

/** A question and nothing else: 0.55, 0.6, 0.63 … for one, two, three question marks. */
function questionAnswer(body: string): ReplyClassification {
  const marks = Math.min(4, (body.match(/\?/g) ?? []).length);
  return { classification: "question", confidence: Math.round((0.4 + 0.3 * (marks / (marks + 1))) * 100) / 100 };
}

export type ReplyToClassify = { from?: string; subject?: string; text: string; receivedAt?: Date; autoSubmitted?: string | null };

const ADDRESS = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const namesAnotherAddress = (own: string, from: string) => (own.toLowerCase().match(ADDRESS) ?? []).some((address) => address !== from);

/** An Auto-Submitted header other than "no" (RFC 3834). */
const isAutoSubmitted = (value: string | null | undefined) => Boolean(value && value.trim().toLowerCase() !== "no");

/** An automatic answer: out_of_office when someone is away or a return date is given, else auto_reply. */
function automatic(text: string, raw: string, received: Date): ReplyClassification {
  const away = OUT_OF_OFFICE.some((pattern) => pattern.test(text));
  const returnDate = outOfOfficeUntil(raw, received, !away);
  if (away || returnDate) return { ...ruleAnswer("out_of_office", text), return_date: returnDate };
  // A departed person's mailbox answering "no longer with us, write to …" is a referral.
  if (DEPARTED.test(text)) return ruleAnswer("wrong_person", text);
  return { classification: "auto_reply", confidence: 0.9 };
}

/** Classifies one reply; `receivedAt` anchors the year of an out-of-office return date. */
export function classifyReply(reply: ReplyToClassify, system: string): ReplyClassification {
  const own = stripQuoted(reply.text);
  const body = normalize(own);
  const subject = normalize(reply.subject ?? "").replace(/^((re|fwd?|aw|sv|antw?|wg|tr|rv):\s*)+/, "");
  const text = `${subject}\n${body}`;
  const from = (reply.from ?? "").toLowerCase();
  const received = reply.receivedAt ?? new Date();
  const allowed = allowedCategories(system);
  let found: ReplyClassification = { classification: "other", confidence: 0.3 };
  if (/mailer-daemon|postmaster/.test(from)) found = { classification: "bounce", confidence: 0.95 };
  else if (RULES[0][1].some((pattern) => pattern.test(text))) found = ruleAnswer("bounce", text);
  else if (isAutoSubmitted(reply.autoSubmitted)) found = automatic(text, `${reply.subject ?? ""}\n${own}`, received);
  else {
    const rule = RULES.find(([, patterns]) => patterns.some((pattern) => pattern.test(text)));
    // Without the header, an acknowledgement's wording decides only when no person's phrase does
    // ("Thanks for contacting me, but we're not interested" is a person's answer).
    if (AUTO_REPLY.some((pattern) => pattern.test(text)) && (!rule || rule[0] === "out_of_office"))
      found = automatic(text, `${reply.subject ?? ""}\n${own}`, received);
    else if (rule) found = ruleAnswer(rule[0], text);
    else if (body.includes("?")) found = questionAnswer(body);
  }
  // A person who names another address in their own words points us to someone else.
  if (["other", "question", "not_interested"].includes(found.classification) && namesAnotherAddress(own, from)) found = ruleAnswer("wrong_person", text);
  if (found.classification === "out_of_office" && found.return_date === undefined)
    found.return_date = outOfOfficeUntil(`${reply.subject ?? ""}\n${own}`, received);
  return allowed.includes(found.classification) ? found : { classification: "other", confidence: 0.3 };
}
