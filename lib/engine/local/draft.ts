import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import { openingLine } from "@/lib/engine/local/opener";
import { pitch } from "@/lib/engine/local/pitch";
import type { Offer } from "@/lib/offer/offer";
import { cleanText, renderLines, sentence, wordCount, type RenderedLine } from "@/lib/engine/local/render-lines";

// draft_email, locally: the prompt's user_template rendered line by line with the lead, its
// signals and the offer. A line that names a variable with no value is left out (never "As at",
// never "Hi ,"), a greeting without a first name becomes "Hello,", and the word limit the system
// prompt states ("under 120 words") is kept by leaving out the least important lines. Nothing is
// written that is not in the lead, its signals or the offer. Deterministic and offline.

const possessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

const SIGNAL_SENTENCES: Record<string, (company: string | null) => string> = {
  hiring: (company) => `I noticed ${company ?? "your team"} is hiring.`,
  recently_funded: (company) => (company ? `Congratulations on ${possessive(company)} recent funding round.` : "Congratulations on your recent funding round."),
  evaluating_vendors: (company) => `I understand ${company ?? "your team"} is evaluating vendors right now.`,
  expanding: (company) => `I saw that ${company ?? "your team"} is expanding.`,
  migrating: (company) => `I understand ${company ?? "your team"} is in the middle of a migration.`,
};

/** One sentence about the lead from what is known: a buying signal, else the role; "" when nothing is known. */
export function signalSentence(lead: LeadFacts, signals: Signals): string {
  const company = lead.company?.trim() || null;
  const title = lead.title?.trim() || null;
  const intent = Array.isArray(signals.intent) ? (signals.intent as string[]) : [];
  const first = intent.find((label) => label in SIGNAL_SENTENCES);
  if (first) return SIGNAL_SENTENCES[first](company);
  if (title && company) return `I am reaching out because of your role as ${title} at ${company}.`;
  if (title) return `I am reaching out because of your role as ${title}.`;
  if (company) return `I am writing to the team at ${company}.`;
  return "";
}

/** Replaces {{name}} with the value; unknown or empty names become "" and leave no double space. */
export function renderTemplate(template: string, values: Record<string, string | number | null | undefined>): string {
  return template
    .replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => String(values[name] ?? "").trim())
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([,.!?])/g, "$1");
}

/** The word limit a system prompt states: "under 100 words" is 99, "at most 80 words" is 80. */
export function statedWordLimit(system: string): number | null {
  const under = /\b(?:under|fewer than|less than)\s+(\d{1,4})\s+words\b/i.exec(system);
  if (under) return Math.max(1, Number(under[1]) - 1);
  const most =
    /\b(?:at most|no more than|up to|maximum of|max\.?)\s+(\d{1,4})\s+words\b/i.exec(system) ??
    /\b(\d{1,4})\s+words\s+(?:or fewer|or less|max(?:imum)?)\b/i.exec(system);
  return most ? Number(most[1]) : null;
}

// Lines that carry the email's ask and its signature are kept longest; lines that only repeat
// supporting detail go first, the product line last of all.
const KEEP = new Set(["first_name", "opening_line", "call_to_action", "sender_name", "sender_title", "signature"]);
const dropOrder = (line: RenderedLine) => (line.names.includes("product") ? 2 : line.names.some((n) => n.startsWith("proof")) ? 0 : 1);

function fitWordLimit(lines: RenderedLine[], limit: number): RenderedLine[] {
  const kept = [...lines];
  const words = () => wordCount(kept.map((l) => l.text).join("\n"));
  const droppable = kept
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => index > 0 && line.text.trim() && line.names.length > 0 && !line.names.some((n) => KEEP.has(n)))
    .sort((a, b) => dropOrder(a.line) - dropOrder(b.line) || b.index - a.index);
  for (const { line } of droppable) {
    if (words() <= limit) break;
    kept.splice(kept.indexOf(line), 1);
  }
  if (words() <= limit) return kept;
  // Still too long (a very long signature or ask): cut the body to the limit at a word boundary.
  const text = kept.map((l) => l.text).join("\n");
  let count = 0;
  const cut = text.replace(/\S+/g, (word) => (++count <= limit ? word : ""));
  return [{ text: cleanText(cut), names: [] }];
}

/** `offer` (its lists) words `subject_line`, `value_line` and `proof_line` for the lead (draft_email v1.5.0). */
export type DraftInput = { lead: LeadFacts; signals: Signals; userTemplate: string; system: string; variables: Record<string, string>; offer?: Offer };

const PITCH = /\{\{\s*(subject_line|value_line|proof_line)\s*\}\}/;

/**
 * The draft, and each written line with the template variables it was filled from (`written`), so
 * its evidence (lib/review-checks) names exactly the sources each sentence came from.
 */
export function draftEmail({ lead, signals, userTemplate, system, variables, offer }: DraftInput): { subject: string; body: string; written: RenderedLine[] } {
  const values: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(lead)
        .filter(([, v]) => v === null || v === undefined || typeof v !== "object")
        .map(([k, v]) => [k, v === null || v === undefined ? "" : String(v).trim()]),
    ),
    ...variables,
    signal_sentence: signalSentence(lead, signals),
    ...(/\{\{\s*opening_line\s*\}\}/.test(userTemplate) ? { opening_line: openingLine(lead, signals) } : {}),
    ...(offer && PITCH.test(userTemplate) ? pitch(lead, signals, offer) : {}),
  };
  const [first, ...rest] = userTemplate.split(/\r?\n/);
  const hasSubject = /^Subject:/i.test(first ?? "");
  const subjectLine = hasSubject ? renderLines(first.replace(/^Subject:\s*/i, ""), values)[0] : undefined;
  const fallbackSubject = values.product
    ? `${values.product}${values.company ? ` for ${values.company}` : ""}`
    : values.company
      ? `A note for ${values.company}`
      : "A short note";
  const subject = subjectLine?.text.trim() || fallbackSubject;

  let lines = renderLines((hasSubject ? rest : [first, ...rest]).join("\n"), values, { sentences: true });
  const limit = statedWordLimit(system);
  if (limit !== null) lines = fitWordLimit(lines, limit);
  const body = cleanText(lines.map((l) => l.text).join("\n"));
  const written = [...(subjectLine ? [subjectLine] : []), ...lines].map((l) => ({ text: cleanText(l.text), names: l.names })).filter((l) => l.text);
  return { subject: cleanText(subject).slice(0, 300), body, written };
}

export { sentence };
