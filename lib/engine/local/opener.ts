import { cap, strongestFact, type LeadFact } from "@/lib/engine/local/lead-fact";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";

// The `opening_line` template variable (draft_email v1.4.0): the email's first sentence, taken from
// the strongest fact about the lead (lib/engine/local/lead-fact.ts) and put in one of several
// frames, chosen by a hash of the lead's email (or, without one, its other fields), so a run's
// drafts do not all open alike and the same lead always opens the same way. With no fact it is a
// plain opener that names the company when known. A referred lead opens with who referred them. Never "because of your role", never "I work on".

type Frame = { id: string; write: (text: string) => string };

const frames = (kind: string, writers: ((text: string) => string)[]): Frame[] => writers.map((write, i) => ({ id: `${kind}-${i + 1}`, write }));

/** A fact said as a clause with its subject: "you posted about …", "your job ad mentions …", "Acme opened …". */
export const CLAUSE_FRAMES = frames("clause", [
  (c) => `Saw that ${c}.`,
  (c) => `I noticed ${c}.`,
  (c) => `I read that ${c}.`,
  (c) => `It caught my eye that ${c}.`,
  (c) => `Just saw that ${c}, so I thought I would write.`,
  (c) => `${cap(c)}, which is why I am writing.`,
  (c) => `When I saw that ${c}, I wanted to get in touch.`,
]);

/** A fact that is a topic without a verb: "insurance claim delays". */
export const TOPIC_FRAMES = frames("topic", [
  (t) => `${cap(t)} caught my eye.`,
  (t) => `I saw a mention of ${t}.`,
  (t) => `I noticed ${t} and thought of you.`,
  (t) => `It was ${t} that caught my eye.`,
  (t) => `I read about ${t} and wanted to write.`,
]);

/** The sender met the lead: what follows "we met" ("at SaaStr 2026"). */
export const MEETING_FRAMES = frames("meeting", [
  (r) => `It was good to meet you${r ? ` ${r}` : ""}.`,
  (r) => `Thanks again for the conversation${r ? ` ${r}` : ""}.`,
  (r) => `I enjoyed our conversation${r ? ` ${r}` : ""}.`,
]);

/** A followed referral (contract §13): the referrer's name is the reason to write, so it opens. */
export const REFERRAL_FRAMES = frames("referral", [
  (n) => `${n} suggested I get in touch with you.`,
  (n) => `${n} mentioned you are the right person to talk to about this.`,
  (n) => `${n} pointed me to you, so I thought I would write.`,
]);

/** No fact: the company when known (the text is " for Acme" / " at Acme" or ""). */
export const PLAIN_FRAMES = frames("plain", [
  (k) => `I thought this might be useful${k ? ` for ${k}` : " for you"}.`,
  (k) => `A short note for you${k ? ` and the team at ${k}` : ""}.`,
  (k) => `Here is a short idea${k ? ` for ${k}` : " for you"}.`,
  (k) => `This may be worth a minute of your time${k ? ` at ${k}` : ""}.`,
  (k) => `Hope you are well${k ? ` and that all is good at ${k}` : ""}.`,
  (k) => `Just a quick note${k ? ` for you at ${k}` : ""}.`,
]);

/** FNV-1a, 32 bits: the same lead always picks the same frame. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function seedOf(lead: LeadFacts & { leadId?: unknown; id?: unknown }): string {
  const email = lead.email?.trim().toLowerCase();
  if (email) return email;
  if (typeof lead.leadId === "string") return lead.leadId;
  if (typeof lead.id === "string") return lead.id;
  return [lead.first_name, lead.last_name, lead.company, lead.title, lead.notes].map((v) => v ?? "").join("|");
}

const pick = (list: Frame[], seed: string) => list[hash(`${seed}#${list[0].id}`) % list.length];

export type Opening = { text: string; frame: string; fact: LeadFact | null };

/** The opening sentence for this lead, the frame it used and the fact it came from. */
export function opening(lead: LeadFacts, signals: Signals): Opening {
  const seed = seedOf(lead);
  const referrer = lead.referred_by_name?.trim();
  if (referrer) {
    const frame = pick(REFERRAL_FRAMES, seed);
    return { text: frame.write(referrer), frame: frame.id, fact: null };
  }
  const fact = strongestFact(lead, signals);
  if (!fact) {
    const frame = pick(PLAIN_FRAMES, seed);
    return { text: frame.write(lead.company?.trim() ?? ""), frame: frame.id, fact };
  }
  const met = /^we (met|talked|chatted|spoke)\b ?(.*)$/.exec(fact.clause);
  const [list, text] = met ? [MEETING_FRAMES, met[2]] : fact.kind === "topic" ? [TOPIC_FRAMES, fact.clause] : [CLAUSE_FRAMES, fact.clause];
  let frame = pick(list, seed);
  // "Just saw that you just moved …": a frame whose words the clause repeats gives way to the next one.
  if (/\bjust\b/i.test(text) && /^just\b/i.test(frame.write("x"))) frame = list[(list.indexOf(frame) + 1) % list.length];
  return { text: frame.write(text), frame: frame.id, fact };
}

export function openingLine(lead: LeadFacts, signals: Signals): string {
  return opening(lead, signals).text;
}
