import { cap, strongestFact } from "@/lib/engine/local/lead-fact";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { isWord } from "@/lib/engine/local/note-tags";
import { hash, seedOf } from "@/lib/engine/local/opener";
import type { Signals } from "@/lib/engine/local/signals";
import type { Offer } from "@/lib/offer/offer";

// draft_email v1.5.0's lead-worded lines (issue 36): the subject from the lead's context
// (`subject_line`), one of the offer's value propositions chosen for this lead and put to it
// (`value_line`), and one proof point (`proof_line`). Each choice (which item, which frame) comes
// from a hash of the lead (its email), so a run's drafts differ and the same lead always gets the
// same draft. Every word is the lead's, the offer's, or the frame's; never the offer's audience.

type Pitch = { subject_line: string; value_line: string; proof_line: string };

const choose = <T>(items: T[], seed: string, salt: string): T => items[hash(`${seed}#${salt}`) % items.length];

/** "Northwind cut …" keeps its capital after a colon; "it closes …" starts a sentence with one. */
const asSentence = (text: string) => {
  const t = text.trim().replace(/[.!?]+$/, "");
  return t ? `${cap(t)}.` : "";
};

const asWritten = (text: string) => text.trim().replace(/[.!?]+$/, "");

/** A value proposition after a colon or "that": "Pagerly routes …" stays, "Teams using it …" becomes "teams using it …". */
function lowered(text: string, names: string[] = []): string {
  const t = text.trim().replace(/[.!?]+$/, "");
  const [first, second = ""] = t.split(" ");
  // A name of two capitalised words ("Acme Ledger", "Globex Industries"), or the product's or the
  // company's own name, stays as written.
  const name = /^[A-Z]/.test(second) || /^[A-Z]{2,}/.test(first) || names.some((n) => n && n.split(" ")[0] === first);
  return isWord(first) && !name ? t.charAt(0).toLowerCase() + t.slice(1) : t;
}

/** What the first email's opener was about, as a short phrase for a subject: "alert fatigue on the platform team". */
export function hookTopic(lead: LeadFacts, signals: Signals): string {
  const fact = strongestFact(lead, signals);
  if (!fact || fact.source === "signal") return "";
  if (fact.kind === "topic") return fact.clause.split(" ").length <= 8 ? fact.clause : "";
  const about = /\babout (.+)$/.exec(fact.clause);
  return about && about[1].split(" ").length <= 8 ? about[1] : "";
}

export function pitch(lead: LeadFacts, signals: Signals, offer: Offer): Pitch {
  const seed = seedOf(lead);
  const first = lead.first_name?.trim() ?? "";
  const company = lead.company?.trim() ?? "";
  const product = offer.product?.trim() ?? "";
  const topic = hookTopic(lead, signals);
  const own = [product, company];

  const subjects = [
    topic && cap(topic),
    company && first && `${first}, an idea for ${company}`,
    company && `A thought for ${company}`,
    company && product && `${company} and ${product}`,
    first && `A question for ${first}`,
    company && `A note for the team at ${company}`,
  ].filter(Boolean) as string[];
  const subject_line = subjects.length ? choose(subjects, seed, "subject") : product;

  // "It qualifies every lead …" names the product it means: "Pipewise qualifies every lead …".
  const named = (text: string): string => (product && /^it\s/i.test(text) ? `${product} ${text.replace(/^it\s+/i, "")}` : text);
  const values = offer.value_propositions.map((v) => named(v.trim())).filter(Boolean);
  const value = values.length ? choose(values, seed, "value") : "";
  // Put to the lead by its company (or, without one, its first name); the offer's words as they are last.
  const valueFrames = [
    (v: string) => company && `Here is why I thought of ${company}: ${lowered(v, own)}.`,
    (v: string) => company && `For ${company}, the short version is that ${lowered(v, own)}.`,
    (v: string) => company && `What I had in mind for ${company}: ${lowered(v, own)}.`,
    (v: string) => company && `The part that may matter most at ${company} is that ${lowered(v, own)}.`,
    (v: string) => first && `${first}, in one line: ${lowered(v, own)}.`,
  ].filter((frame) => frame("x"));
  const value_line = value ? (valueFrames.length ? choose(valueFrames, seed, "value-frame")(value) : asSentence(value)) : "";

  const proofs = offer.proof_points.map((p) => p.trim()).filter(Boolean);
  const proof = proofs.length ? choose(proofs, seed, "proof") : "";
  // A proof point is a whole sentence that usually opens with a customer's name ("Northwind cut …"),
  // one a lexicon may know as a word: after the colon it keeps its own capital.
  const proofFrames = [
    (p: string) => company && `The closest example to ${company} I can share: ${asWritten(p)}.`,
    (p: string) => company && `In case it is useful for ${company}: ${asWritten(p)}.`,
    (p: string) => company && `A team not unlike ${company} is a good example: ${asWritten(p)}.`,
    (p: string) => first && `One result I can point to, ${first}: ${asWritten(p)}.`,
  ].filter((frame) => frame("x"));
  const proof_line = proof ? (proofFrames.length ? choose(proofFrames, seed, "proof-frame")(proof) : asSentence(proof)) : "";
  return { subject_line, value_line, proof_line };
}
