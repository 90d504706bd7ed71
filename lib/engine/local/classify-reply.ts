import { mentions, words } from "@/lib/engine/local/lead-facts";

// track, locally: a reply's category by ordered rules, with a confidence. Only the categories the
// prompt version lists ("Categories: a, b, c.") may come back; anything else becomes "other".

export const REPLY_CATEGORIES = ["interested", "meeting_request", "question", "not_interested", "out_of_office", "wrong_person", "unsubscribe", "bounce", "other"] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];

const RULES: [ReplyCategory, string[]][] = [
  ["bounce", ["undeliverable", "delivery status notification", "address not found", "user unknown", "mailbox unavailable", "delivery has failed", "failure notice", "mail delivery failed"]],
  ["unsubscribe", ["unsubscribe", "stop emailing", "stop contacting", "remove me", "take me off", "do not contact", "don't contact", "opt out", "no more emails"]],
  ["out_of_office", ["out of office", "out of the office", "ooo", "on vacation", "on holiday", "on leave", "away until", "automatic reply", "auto reply"]],
  ["wrong_person", ["wrong person", "not the right person", "no longer with", "left the company", "not responsible for", "no longer work"]],
  ["meeting_request", ["book a time", "schedule a call", "set up a call", "set up a meeting", "send me a calendar", "calendar invite", "let's meet", "lets meet", "happy to meet", "free on", "available on"]],
  ["not_interested", ["not interested", "no thanks", "no thank you", "not a fit", "not at this time", "we're all set", "we are all set", "not for us", "pass on this"]],
  ["interested", ["interested", "sounds good", "tell me more", "love to learn", "keen to", "sounds interesting", "would like to know more"]],
];

export function allowedCategories(system: string): ReplyCategory[] {
  const line = /Categories:\s*([^\n]+)/i.exec(system);
  if (!line) return [...REPLY_CATEGORIES];
  const listed = line[1].split(/[,.]/).map((part) => part.trim()).filter((part): part is ReplyCategory => (REPLY_CATEGORIES as readonly string[]).includes(part));
  return listed.includes("other") ? listed : [...listed, "other"];
}

export function classifyReply(reply: { from?: string; subject?: string; text: string }, system: string): { classification: ReplyCategory; confidence: number } {
  const text = words(`${reply.subject ?? ""} ${reply.text}`);
  const from = (reply.from ?? "").toLowerCase();
  const allowed = allowedCategories(system);
  let found: { classification: ReplyCategory; confidence: number } = { classification: "other", confidence: 0.3 };
  if (/mailer-daemon|postmaster/.test(from)) found = { classification: "bounce", confidence: 0.95 };
  else {
    const rule = RULES.find(([, phrases]) => phrases.some((phrase) => mentions(text, phrase)));
    if (rule) found = { classification: rule[0], confidence: 0.9 };
    else if (reply.text.includes("?")) found = { classification: "question", confidence: 0.6 };
  }
  return allowed.includes(found.classification) ? found : { classification: "other", confidence: 0.3 };
}
