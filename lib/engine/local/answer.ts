import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { classifyReply } from "@/lib/engine/local/classify-reply";
import { statedWordLimit } from "@/lib/engine/local/draft";
import type { ThreadMessage } from "@/lib/engine/local/follow-up";
import { cleanText, sentence, wordCount } from "@/lib/engine/local/render-lines";
import type { Offer } from "@/lib/offer/offer";

// reply, locally (contract §13): an answer to a lead's reply, in its thread, from the thread and
// the offer only.
//   meeting_request: thanks, and the offer's call to action or booking link; times the lead
//     proposed are confirmed by a person (the engine knows no calendar, so it names no date);
//   question: each question answered only by an offer fact that shares its words; a question no
//     fact answers (pricing, unless the offer states it) is promised a person's answer;
//   interested: thanks, one value the thread has not said yet, and the call to action;
//   anything else (an objection, a refusal): thanks, no pressure, the door left open.
// It never writes a number, a price or a date that is not in the offer. It answers in German when
// the reply is German, else in English. Signed by the lead's sender like the other stages
// (sender_name, sender_title, signature). The subject is "Re: " + the reply's. Deterministic, offline.

export type AnswerReply = { from?: string; subject: string; text: string; classification?: string | null };

export type AnswerInput = {
  lead: LeadFacts;
  offer: Offer;
  senderName: string;
  /** What we sent the lead so far, oldest first. */
  thread: ThreadMessage[];
  reply: AnswerReply;
  /** The prompt's system text: its stated word limit is kept. */
  system: string;
  /** The variables the prompt's user_template names; facts it does not name are not used (null: all). */
  visible?: Set<string> | null;
};

type Lang = "en" | "de";

const GERMAN = /\b(und|ich|nicht|wir|sie|ihr|ihnen|gerne|gern|termin|danke|bitte|können|könnten|würde|wäre|uns|kosten|preis|woche|haben|ist|das|der|die)\b/gi;
/** German when the reply has at least three common German words and more of them than English ones. */
export function replyLanguage(text: string): Lang {
  const german = (text.match(GERMAN) ?? []).length;
  const english = (text.match(/\b(the|and|you|we|is|are|would|could|please|thanks|our|your|what|how)\b/gi) ?? []).length;
  return german >= 3 && german > english ? "de" : "en";
}

const WORDS: Record<Lang, Record<string, string>> = {
  en: {
    hi: "Hi",
    hello: "Hello,",
    thanks: "Thank you for your reply.",
    meeting: "I am glad you would like to talk.",
    times: "Thank you for suggesting times; I will confirm one with you personally.",
    book: "You can pick a time that suits you here:",
    arrange: "I will get in touch personally to find a time that suits you.",
    interested: "Glad to hear this is of interest.",
    follow: "I do not want to guess, so I will come back to you on that personally.",
    price: "I would rather not guess at pricing, so I will come back to you on it personally.",
    declined: "Thank you for letting me know, that is helpful.",
    open: "If the timing changes, I am easy to reach.",
    best: "Best,",
  },
  de: {
    hi: "Hallo",
    hello: "Hallo,",
    thanks: "Vielen Dank für Ihre Antwort.",
    meeting: "Schön, dass Sie sprechen möchten.",
    times: "Danke für die Terminvorschläge; ich bestätige Ihnen einen davon persönlich.",
    book: "Hier können Sie einen passenden Termin wählen:",
    arrange: "Ich melde mich persönlich, um einen passenden Termin zu finden.",
    interested: "Schön, dass es für Sie interessant ist.",
    follow: "Dazu melde ich mich persönlich bei Ihnen, statt zu raten.",
    price: "Zu den Preisen melde ich mich persönlich bei Ihnen, statt zu raten.",
    declined: "Danke, dass Sie Bescheid geben.",
    open: "Wenn sich die Lage ändert, bin ich gut erreichbar.",
    best: "Viele Grüße,",
  },
};

const PRICE = /\b(price|prices|pricing|cost|costs|how much|budget|fee|fees|licen[cs]e|preis|preise|kosten|kostet|wie viel|gebühr)/i;
const TIMES =
  /\b(mon|tue|wed|thu|fri|monday|tuesday|wednesday|thursday|friday|montag|dienstag|mittwoch|donnerstag|freitag|tomorrow|morgen|next week|nächste woche)\b|\b\d{1,2}(:\d{2})?\s*(am|pm|uhr)\b/i;
const URL = /https?:\/\/[^\s)>\]]+/i;
const STOP = new Set(
  "what which with does your have that this there they them from will would could about into also just more than then when where much many some only very their over onto each such".split(
    " ",
  ),
);
const keywords = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9äöüß]+/)
      .filter((word) => word.length >= 4 && !STOP.has(word))
      .map((word) => word.replace(/(ing|es|s)$/, "")),
  );

/** The reply's questions: its sentences that end with "?". */
export function questionsOf(text: string): string[] {
  return (text.match(/[^.!?\n]*\?/g) ?? []).map((q) => q.trim()).filter((q) => q.length > 3);
}

/** The offer fact that shares the most words with a question (at least one), or null. */
function factFor(question: string, facts: string[]): string | null {
  const asked = keywords(question);
  let best: { fact: string; score: number } | null = null;
  for (const fact of facts) {
    const score = [...keywords(fact)].filter((word) => asked.has(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { fact, score };
  }
  return best?.fact ?? null;
}

export function answerSubject(replySubject: string, thread: ThreadMessage[]): string {
  const subject = replySubject.trim() || (thread[0]?.subject ?? "").trim();
  return (/^re\s*:/i.test(subject) ? subject : `Re: ${subject}`.trim()).slice(0, 300);
}

export function writeAnswer(input: AnswerInput): { subject: string; body: string } {
  const sees = (name: string) => !input.visible || input.visible.has(name);
  const lang = replyLanguage(`${input.reply.subject}\n${input.reply.text}`);
  const w = WORDS[lang];
  const first = sees("first_name") ? String(input.lead.first_name ?? "").trim() : "";
  const offer = input.offer;
  const cta = sees("call_to_action") ? (offer.call_to_action?.trim() ?? "") : "";
  const sender = sees("sender_name") ? input.senderName.trim() : "";
  const classification = input.reply.classification ?? classifyReply({ subject: input.reply.subject, text: input.reply.text }, "").classification;
  const said = input.thread.map((m) => m.body.toLowerCase()).join("\n");
  const facts = [
    ...(sees("value_propositions") || sees("value_proposition") ? offer.value_propositions : []),
    ...(sees("proof_points") || sees("proof_point") ? offer.proof_points : []),
    ...(sees("audience") && offer.audience ? [`It is built for ${offer.audience}.`] : []),
  ].filter((fact) => fact.trim());
  const booking = [cta, sees("signature") ? (offer.signature ?? "") : ""].map((text) => URL.exec(text)?.[0]).find(Boolean) ?? null;
  // The call to action, said in the reply's language only when it needs no translation (a link).
  const ctaLine = booking ? `${w.book} ${booking}` : lang === "en" && cta ? sentence(cta) : "";

  const lines: string[] = [first ? `${w.hi} ${first},` : w.hello, "", w.thanks];
  if (classification === "meeting_request") {
    lines.push(w.meeting);
    if (TIMES.test(input.reply.text)) lines.push(w.times);
    if (ctaLine) lines.push(ctaLine);
    else if (!TIMES.test(input.reply.text)) lines.push(w.arrange);
  } else if (classification === "question") {
    const questions = questionsOf(input.reply.text);
    let followUp = false;
    for (const question of questions.length ? questions : [input.reply.text]) {
      if (PRICE.test(question)) {
        const stated = facts.find((fact) => PRICE.test(fact));
        if (stated) lines.push(sentence(stated));
        else lines.push(w.price);
        continue;
      }
      const fact = lang === "en" ? factFor(question, facts) : null;
      if (fact && !lines.includes(sentence(fact))) lines.push(sentence(fact));
      else followUp = true;
    }
    if (followUp) lines.push(w.follow);
  } else if (classification === "interested") {
    lines.push(w.interested);
    const unsaid = lang === "en" ? facts.find((fact) => !said.includes(fact.toLowerCase().slice(0, 40))) : undefined;
    if (unsaid) lines.push(sentence(unsaid));
    if (ctaLine) lines.push(ctaLine);
  } else {
    lines.push(w.declined, w.open);
  }
  const dedup = lines.filter((line, index) => line === "" || lines.indexOf(line) === index);
  dedup.push("", w.best);
  if (sender) dedup.push(sender);
  const title = sees("sender_title") ? (offer.sender_title?.trim() ?? "") : "";
  const signature = sees("signature") ? (offer.signature?.trim() ?? "") : "";
  if (sender && title) dedup.push(title);
  if (sender && signature) dedup.push(signature);

  let body = cleanText(dedup.join("\n"));
  const limit = statedWordLimit(input.system);
  if (limit !== null && wordCount(body) > limit) body = cleanText([dedup[0], "", dedup[2], dedup[3] ?? "", "", w.best, sender].join("\n"));
  return { subject: answerSubject(input.reply.subject, input.thread), body };
}
