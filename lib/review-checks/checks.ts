import { LinkifyIt } from "linkify-it";
import { wordSet } from "@/lib/review-checks/nlp";
import { triggerPhrases } from "@/lib/review-checks/spam-phrases";
import type { ReadSentence } from "@/lib/review-checks/evidence";
import { SEVERITY, type Check, type CheckCode, type DraftField, type Span } from "@/lib/review-checks/types";

// The §13 checks, each a function of the draft's fields. Spam-filter trigger phrases come from
// @emailens/engine's spam scorer (its maintained phrase list; we read which phrases it reports and
// mark where they are); URLs are found by linkify-it.

const check = (code: CheckCode, field: DraftField, span: Span | null, message: string): Check => ({ code, severity: SEVERITY[code], message, field, span });

export function unsupportedClaims(read: ReadSentence[]): Check[] {
  const out: Check[] = [];
  for (const s of read) {
    if (!s.claims.length) continue;
    const words = s.sources.map((source) => wordSet(source.text));
    const missing = s.claims.filter((c) => c.keys.some((k) => !words.some((w) => w.has(k))));
    if (missing.length)
      out.push(
        check(
          "unsupported_claim",
          s.field,
          s.span,
          `"${missing.map((c) => c.text).join('", "')}" is in none of this sentence's sources (the lead, its note and signals, the offer, the thread).`,
        ),
      );
  }
  return out;
}

const VARIABLE = /\{\{[^{}]*\}\}|\{\{|\}\}/g;

export function unresolvedVariables(field: DraftField, text: string): Check[] {
  if (!text.includes("{{") && !text.includes("}}")) return [];
  return [...text.matchAll(VARIABLE)].map((m) => check("unresolved_variable", field, [m.index, m.index + m[0].length], `"${m[0]}" was not filled in.`));
}

/** Spam phrases of both fields: the phrases the scorer finds in their lines (lib/review-checks/spam-phrases.ts), then each phrase found in each field. */
export function spamPhrases(fields: { field: DraftField; text: string }[]): Check[] {
  const phrases = triggerPhrases(fields.map((f) => f.text));
  const out: Check[] = [];
  for (const { field, text } of fields) {
    const lower = text.toLowerCase();
    const found: Check[] = [];
    for (const phrase of phrases)
      for (let at = lower.indexOf(phrase); at >= 0; at = lower.indexOf(phrase, at + phrase.length))
        found.push(check("spam_phrase", field, [at, at + phrase.length], `"${text.slice(at, at + phrase.length)}" is a spam-filter trigger phrase.`));
    out.push(...found.sort((a, b) => a.span![0] - b.span![0]));
  }
  return out;
}

const linkify = new LinkifyIt();
const hostOf = (url: string): string | null => {
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return null;
  }
};

export function links(field: DraftField, text: string, website: string | null | undefined): Check[] {
  const allowed = website ? hostOf(website) : null;
  return (linkify.match(text) ?? [])
    .filter((m) => m.schema !== "mailto:")
    .map((m) => ({ m, host: hostOf(m.url) }))
    .filter(({ host }) => !host || !allowed || (host !== allowed && !host.endsWith(`.${allowed}`)))
    .map(({ m, host }) =>
      check(
        "link",
        field,
        [m.index, m.lastIndex],
        allowed ? `The link goes to ${host ?? m.raw}, not the offer's website (${allowed}).` : `The link goes to ${host ?? m.raw}; the offer names no website.`,
      ),
    );
}

const CLOSING = /^(best|best regards|kind regards|warm regards|regards|thanks|many thanks|thank you|cheers|sincerely|all the best|talk soon)[,.!]?$/i;

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** The name under the closing ("Best,\nSam"), when it is not the From name. */
export function senderMismatch(body: string, senderName: string): Check[] {
  const lines = body.split("\n");
  let offset = 0;
  const starts = lines.map((line) => ((offset += line.length + 1), offset - line.length - 1));
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 6); i--) {
    if (!CLOSING.test(lines[i].trim())) continue;
    const j = lines.findIndex((l, k) => k > i && l.trim());
    if (j < 0) return [];
    const name = lines[j].trim();
    if (!senderName.trim() || norm(name) === norm(senderName) || norm(senderName).startsWith(`${norm(name)} `)) return [];
    const start = starts[j] + lines[j].indexOf(name);
    return [check("sender_mismatch", "body", [start, start + name.length], `Signed "${name}", but the email goes out From "${senderName}".`)];
  }
  return [];
}

const WORD_RUN = /\S+/g; // the pieces body.split(/\s+/) leaves that are not empty

export function tooLong(body: string, maxWords: number): Check[] {
  const words = body.match(WORD_RUN)?.length ?? 0;
  return words > maxWords ? [check("too_long", "body", null, `${words} words; the pack's limit is ${maxWords}.`)] : [];
}

const GREETING = /^(hi|hello|hey|dear|good (morning|afternoon|evening))\b/i;

/** The first body sentence after the greeting line, and its key for counting across a run. */
export function openingOf(body: ReadSentence[]): ReadSentence | null {
  const rest = body.filter((s, i) => !(i === 0 && GREETING.test(s.text)));
  return rest[0] ?? null;
}

export const openingKey = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

export function repeatedOpening(opening: ReadSentence | null, counts: Map<string, number> | undefined): Check[] {
  if (!opening || !counts) return [];
  const others = counts.get(openingKey(opening.text)) ?? 0;
  return others >= 3 ? [check("repeated_opening", "body", opening.span, `${others} other drafts of this run open with the same sentence.`)] : [];
}
