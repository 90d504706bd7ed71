import { mentions, words, type LeadFacts } from "@/lib/engine/local/lead-facts";
import { INTENT } from "@/lib/engine/local/signals";
import { leadingTags } from "@/lib/engine/local/note-tags";

// The strongest fact about a lead, as a clause addressed to the reader ("you posted about
// insurance claim delays", "your job ad mentions chasing unpaid balances"): from its notes first,
// then the CSV's free-text columns (a recent event, news, a trigger), then its buying signals.
// Only words that are in the lead are used: a note is cut to its most telling clause and turned
// round to speak to the reader, never pasted whole and never added to. Deterministic.

export type FactSource = "note" | "event" | "signal";
/** `clause` reads after "I noticed …": a subject and a verb (`kind: "clause"`) or a topic (`kind: "topic"`, "insurance claim delays"). */
export type LeadFact = { source: FactSource; kind: "clause" | "topic"; clause: string };

const MAX_WORDS = 16;
const JUNK = /^(n\/?a|none|null|nil|tbd|todo|tba|unknown|no notes?|nothing|-+|\?+|see above|call back|follow up)$/i;
const TRAILING_STOP = new Set("a an the and or but of to for with in on at by from as about that which who their his her its our your very".split(" "));

// Words that, at the start of a note, say what the lead did or does.
const PAST_IRREGULAR = new Set(
  "spoke wrote won grew began took made built left sold bought ran said told gave went got held led put set brought became chose drove found hit lost cut".split(
    " ",
  ),
);
const NOUN_ING = new Set(
  "during nothing something anything everything morning evening spring king thing ring meeting pricing marketing engineering accounting manufacturing funding billing onboarding hosting training consulting housing banking building clothing catering cleaning dining parking shipping ticketing trucking lending".split(
    " ",
  ),
);
const NOT_PAST = new Set("need seed feed speed breed bed red shed hundred".split(" "));
const ADJECTIVES = new Set(
  "interested keen focused frustrated worried concerned busy unhappy happy open active curious overwhelmed responsible based new committed short".split(" "),
);
const PREPOSITIONS = new Set("in with on about by to for at of".split(" "));
// A finite verb after a noun-phrase subject: "Job ad mentions …", "Clinic opened …".
const FINITE = new Set(
  (
    "is are was were has have had mentions mentioned says said lists listed shows showed describes described asks asked talks talked notes noted cites cited " +
    "highlights highlighted references referenced calls called closed opened launched grew doubled moved went started announced covered featured quoted " +
    "complains complained wants needs uses used runs ran posted raised hired added lost won plans planned reports reported"
  ).split(" "),
);
// Head nouns that belong to the lead ("Job ad" → "your job ad").
const OWN_NOUNS = new Set(
  (
    "ad ads advert posting listing post posts blog website site page profile article newsletter podcast interview announcement release report review reviews " +
    "tweet update team clinic practice company firm office store shop group hospital agency business brand ceo founder cfo cto coo owner manager staff " +
    "budget headcount revenue funding round hiring careers career job jobs role roles location locations branch branches " +
    "close process billing payroll invoicing collections system stack tool tools crm erp backlog pipeline churn costs spend"
  ).split(" "),
);
const PLATFORMS = new Set(["linkedin", "twitter", "x", "facebook", "instagram", "google", "glassdoor", "indeed", "yelp", "youtube", "tiktok", "reddit"]);

const EVENT_WORDS = [
  "posted",
  "wrote",
  "mentions",
  "mentioned",
  "announced",
  "opened",
  "launched",
  "raised",
  "hired",
  "hiring",
  "complained",
  "spoke",
  "expanding",
  "moved",
  "switched",
  "job ad",
  "delays",
  "unpaid",
  "struggling",
  "new",
  "second",
];

/** Free-text CSV columns (attributes) that may hold a recent event. */
const EVENT_COLUMN = /event|news|trigger|activity|recent|post|update|context|comment|remark|observation|summary|about|intent/i;

const cap = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function lowerFirstWord(text: string): string {
  const [first, ...rest] = text.split(" ");
  // Keep names and acronyms as written: "LinkedIn", "CEO", "iPhone".
  // "Series A", "Dental Weekly": a name that goes on in capitals stays as written.
  if (rest[0] && /^[A-Z]([a-z]+)?$/.test(rest[0])) return text;
  if (/^[A-Z][a-z'’-]*$/.test(first) && !PLATFORMS.has(first.toLowerCase())) return [first.toLowerCase(), ...rest].join(" ");
  return text;
}

/** Third person to second: "she is hiring" → "you are hiring", "posts" → "post". */
function baseForm(verb: string): string {
  const lower = verb.toLowerCase();
  const irregular: Record<string, string> = { has: "have", is: "are", was: "were", does: "do", goes: "go", says: "say" };
  if (irregular[lower]) return irregular[lower];
  if (/ies$/.test(lower)) return lower.replace(/ies$/, "y");
  if (/(ss|sh|ch|x|z)es$/.test(lower)) return lower.replace(/es$/, "");
  if (/[^s]s$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

const isPast = (word: string) => (/^[a-z]{3,}ed$/.test(word) && !NOT_PAST.has(word)) || PAST_IRREGULAR.has(word);
const isGerund = (word: string) => /^[a-z]{2,}ing$/.test(word) && !NOUN_ING.has(word);
// Plural nouns that look like "-s" verbs at the start of a note ("Sales team …", "Series A …").
const PLURALS = new Set(
  "sales series news ops operations payments collections claims clinics reviews patients customers ads jobs results costs numbers orders leads deals margins renewals invoices".split(
    " ",
  ),
);
const isPresent3 = (word: string) => /^[a-z]{2,}[^s]s$/.test(word) && !/(ous|ics|ess|ness)$/.test(word) && !PLURALS.has(word);

/** Pronouns about the lead turned to the reader: "her clinic" → "your clinic", "met him" → "met you". */
function toReader(words: string[]): string[] {
  return words.map((word, i) => {
    const lower = word.toLowerCase();
    const before = words[i - 1]?.toLowerCase();
    if (i > 0 && (lower === "she" || lower === "he" || lower === "they")) return "you";
    if (before === "she" || before === "he") return baseForm(word);
    if (lower === "his" || lower === "their") return "your";
    if (lower === "him" || lower === "them") return "you";
    if (lower === "her") return i + 1 < words.length && !PREPOSITIONS.has(words[i + 1].toLowerCase()) ? "your" : "you";
    return word;
  });
}

/** One clause of a note as something said to the reader, or null when it cannot be said honestly. */
export function paraphrase(raw: string, company: string | null): Omit<LeadFact, "source"> | null {
  let text = raw
    .replace(/^\s*(?:[-*•·>]+|\d+[.)])\s*/, "")
    .replace(/^(?:re|fyi|note|notes|nb|ps|update|news)\s*[:\-–]\s*/i, "")
    .replace(/^["'“‘(\[]+|["'”’)\]]+$/g, "")
    .replace(/[.!?…:,;]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (!/[a-z]/i.test(text) || JUNK.test(text) || /^https?:|@/.test(text)) return null;
  // One clause: "Uses Dentrix, frustrated with reminders" says two things; the first is enough.
  const comma = /^([^,]+?\s[^,]+?),\s+(?=[a-z])/.exec(text);
  if (comma) text = comma[1];
  const joined = /^((?:\S+\s+){3,}?\S+?)\s+(?:and|but|which|who|while|because)\s/i.exec(text);
  if (joined && text.split(" ").length > 9) text = joined[1];
  text = text
    .replace(/["“”]/g, "")
    .replace(/[.!?…:,;]+$/, "")
    .trim();
  let tokens = text.split(" ");
  if (tokens.length < 2) return null;
  if (tokens.length > MAX_WORDS) {
    tokens = tokens.slice(0, MAX_WORDS);
    while (tokens.length > 3 && TRAILING_STOP.has(tokens[tokens.length - 1].toLowerCase().replace(/[,;:]$/, ""))) tokens.pop();
    tokens[tokens.length - 1] = tokens[tokens.length - 1].replace(/[,;:]+$/, "");
  }
  text = tokens.join(" ");
  const w = tokens.map((t) => t.toLowerCase().replace(/[^a-z'’-]/g, ""));
  const rest = (from: number) => toReader(tokens.slice(from)).join(" ");

  // Verb-first after an adverb, told by wink-nlp's part-of-speech tags: "Just moved their payments
  // stack" → "you just moved your payments stack" (never "I read that Just moved …").
  const tags = leadingTags(tokens);
  if (tags[0] === "ADV" && (tags[1] === "VERB" || tags[1] === "AUX") && tokens.length > 2) {
    const inner = paraphrase(tokens.slice(1).join(" "), company);
    const adverb = w[0];
    if (inner?.kind === "clause" && /^you are /.test(inner.clause)) return { kind: "clause", clause: inner.clause.replace(/^you are /, `you are ${adverb} `) };
    if (inner?.kind === "clause" && /^you /.test(inner.clause)) return { kind: "clause", clause: inner.clause.replace(/^you /, `you ${adverb} `) };
    if (inner) return inner;
  }
  // The company itself is the subject: "Acme Dental opened a second clinic".
  if (company && text.toLowerCase().startsWith(company.toLowerCase())) return { kind: "clause", clause: toReader(tokens).join(" ") };
  // The lead is the subject: "She posted about …", "They are hiring …".
  // The sender met them: "Met at SaaStr 2026", "We met at the expo", "Spoke with her at the expo".
  const metAt = w[0] === "we" ? 1 : 0;
  if (["met", "talked", "chatted"].includes(w[metAt]) || (w[metAt] === "spoke" && ["with", "to"].includes(w[metAt + 1]))) {
    const tail = rest(metAt + 1).replace(/^(with|to) (you|your) ?/, "");
    return { kind: "clause", clause: `we ${w[metAt]}${tail ? ` ${tail}` : ""}` };
  }
  // The lead is the subject: "She posted about …", "They are hiring …", a quote: "We are drowning in paperwork".
  if (["she", "he", "they", "we"].includes(w[0]) && tokens.length > 1) {
    const verb = isPast(w[1]) || w[1] === "are" || w[1] === "were" ? w[1] : baseForm(tokens[1]);
    return { kind: "clause", clause: ["you", verb, rest(2)].filter(Boolean).join(" ") };
  }
  if (["their", "his", "her", "its"].includes(w[0])) return { kind: "clause", clause: `your ${rest(1)}` };
  if (ADJECTIVES.has(w[0]) && PREPOSITIONS.has(w[1] ?? "")) return { kind: "clause", clause: `you are ${w[0]} ${rest(1)}` };
  if (["is", "was", "has", "had", "are", "were"].includes(w[0])) return { kind: "clause", clause: `you ${baseForm(w[0])} ${rest(1)}` };
  if (isPast(w[0])) return { kind: "clause", clause: `you ${w[0]} ${rest(1)}` };
  if (isGerund(w[0])) return { kind: "clause", clause: `you are ${w[0]} ${rest(1)}` };
  if (isPresent3(w[0]) && !w.slice(1, 6).some((word) => FINITE.has(word)) && !OWN_NOUNS.has(w[0].replace(/s$/, "")))
    return { kind: "clause", clause: `you ${baseForm(w[0])} ${rest(1)}` };
  // A noun-phrase subject and its verb: "Job ad mentions chasing unpaid balances".
  // "Month-end close takes ten days": an -s verb with more after it that is not a preposition ("delays in Ohio" stays a topic).
  const verbAt = w.findIndex(
    (word, i) =>
      i >= 1 && i <= 5 && (FINITE.has(word) || (isPresent3(word) && i + 1 < w.length && !PREPOSITIONS.has(w[i + 1]) && !OWN_NOUNS.has(word.slice(0, -1)))),
  );
  // A name and its verb, told by the tags: "Priya Raman joined as VP Engineering" stays as written.
  const named = tags.findIndex((tag, i) => i >= 1 && i <= 4 && (tag === "VERB" || tag === "AUX") && tags.slice(0, i).every((t) => t === "PROPN"));
  if (verbAt < 0 && named > 0) return { kind: "clause", clause: `${tokens.slice(0, named).join(" ")} ${rest(named)}` };
  if (verbAt > 0) {
    const subject = tokens.slice(0, verbAt);
    const lowerSubject = w.slice(0, verbAt);
    const determiner = ["the", "a", "an", "our", "this"].includes(lowerSubject[0]);
    const core = determiner ? subject.slice(1) : subject;
    const head = (determiner ? lowerSubject.slice(1) : lowerSubject).at(-1) ?? "";
    const predicate = rest(verbAt);
    if (OWN_NOUNS.has(head) || OWN_NOUNS.has(head.replace(/s$/, ""))) return { kind: "clause", clause: `your ${lowerFirstWord(core.join(" "))} ${predicate}` };
    // A name ("Acme opened …", "Bright Smiles opened …") stays as written; "Month-end close takes …" is lower-cased.
    const named = !determiner && (subject.length === 1 || /^[A-Z]/.test(subject[1]));
    return { kind: "clause", clause: `${named ? subject.join(" ") : lowerFirstWord(subject.join(" "))} ${predicate}` };
  }
  // A topic with no verb: "Insurance claim delays", "Series A in March", "New office in Berlin" (yours).
  const topic = lowerFirstWord(toReader(tokens).join(" "));
  return { kind: "topic", clause: ["new", "recent", "latest", "second", "third", "first", "upcoming"].includes(w[0]) ? `your ${topic}` : topic };
}

/** A note's clauses, best first: one that names an event or a buying signal, then one with a detail, then the first. */
function clauses(text: string): string[] {
  const parts = text
    .split(/(?<=[a-z0-9)%"'’])[.!?]+(?=\s|$)|[;\n\r|]+|\s[-–—]\s|,\s+(?=(?:and |but )?(?:she|he|they|also|posted|hiring|mentioned|recently)\b)/i)
    .map((part) => part?.trim())
    .filter((part): part is string => !!part && /[a-z]/i.test(part));
  const score = (part: string) => {
    const said = words(part);
    let points = 0;
    if (EVENT_WORDS.some((phrase) => mentions(said, phrase)) || INTENT.some(([, phrases]) => phrases.some((phrase) => mentions(said, phrase)))) points += 3;
    if (/\d|\s[A-Z]/.test(part)) points += 1;
    if (part.split(/\s+/).length < 3) points -= 2;
    return points;
  };
  return parts
    .map((part, index) => ({ part, index, points: score(part) }))
    .sort((a, b) => b.points - a.points || a.index - b.index)
    .map((p) => p.part);
}

function firstFact(texts: string[], source: FactSource, company: string | null): LeadFact | null {
  for (const text of texts) {
    for (const part of clauses(text)) {
      const said = paraphrase(part, company);
      if (said) return { source, ...said };
    }
  }
  return null;
}

const SIGNAL_CLAUSES: Record<string, (subject: string, verbS: boolean) => string> = {
  hiring: (s, one) => `${s} ${one ? "is" : "are"} hiring`,
  recently_funded: (s) => `${s} recently raised funding`,
  evaluating_vendors: (s, one) => `${s} ${one ? "is" : "are"} evaluating vendors`,
  expanding: (s, one) => `${s} ${one ? "is" : "are"} expanding`,
  migrating: (s, one) => `${s} ${one ? "is" : "are"} in the middle of a migration`,
};

/** The strongest fact about the lead, or null when nothing is known beyond its name and role. */
export function strongestFact(lead: LeadFacts, signals: Record<string, unknown>): LeadFact | null {
  const company = lead.company?.trim() || null;
  const note = lead.notes?.trim();
  const fromNote = note ? firstFact([note], "note", company) : null;
  if (fromNote) return fromNote;
  const attributes = lead.attributes && typeof lead.attributes === "object" ? Object.entries(lead.attributes) : [];
  const events = attributes
    .filter(([key, value]) => typeof value === "string" && EVENT_COLUMN.test(key) && !/url|link|email|phone|id$/i.test(key))
    .map(([, value]) => String(value));
  const fromEvent = firstFact(events, "event", company);
  if (fromEvent) return fromEvent;
  const intent = Array.isArray(signals.intent) ? (signals.intent as unknown[]).filter((x): x is string => typeof x === "string") : [];
  const label = intent.find((name) => name in SIGNAL_CLAUSES);
  if (label) return { source: "signal", kind: "clause", clause: SIGNAL_CLAUSES[label](company ?? "your team", !!company) };
  return null;
}

export { cap };
