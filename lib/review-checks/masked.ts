import { lineSentences, readsAsEnglish, type Sentence } from "@/lib/review-checks/nlp";

// A draft's lines are mostly the same text with each lead's values put in ("Here is why I thought of
// Acme: …"), so they are read with those values masked: each lead value that appears whole in a line
// (a name, a company, a title: one to sixty letters, digits, spaces, &, ' or -) stands as a
// placeholder word while wink-nlp reads the line, and the reading is kept per masked line
// (lineSentences), so the run's thousands of drafts cost a few hundred readings. A value is its
// source's own text: its numbers and names are supported by that source, so only the text around it
// is checked for claims; claims that run into a value keep their other words. Sentences and spans are
// mapped back to the line as written. readField checks that each masked value's source is one of its
// sentence's sources and reads the field unmasked otherwise.

const STAND_INS = Array.from({ length: 26 }, (_, i) => `Zqx${String.fromCharCode(97 + i)}`);
const STAND_IN_KEYS = new Set(STAND_INS.map((s) => s.toLowerCase()));
const MASKABLE = /^[\p{L}\p{N}](?:[\p{L}\p{N} &'’-]{0,58}[\p{L}\p{N}])?$/u;
const WORD_CHAR = /[\p{L}\p{N}]/u;

export type MaskedSentence = Sentence & { masked: string[] };

/** The lead values worth masking: longest first, so "Acme Labs" is masked before "Acme". */
export function maskableValues(values: string[]): string[] {
  return [...new Set(values.filter((v) => MASKABLE.test(v) && !STAND_IN_KEYS.has(v.toLowerCase())))].sort((a, b) => b.length - a.length);
}

type Region = { value: string; from: number; to: number; maskedFrom: number; maskedTo: number };

function regionsOf(line: string, values: string[]): { value: string; from: number; to: number }[] {
  const found: { value: string; from: number; to: number }[] = [];
  for (const value of values)
    for (let at = line.indexOf(value); at >= 0; at = line.indexOf(value, at + 1)) {
      const to = at + value.length;
      if ((at > 0 && WORD_CHAR.test(line[at - 1])) || (to < line.length && WORD_CHAR.test(line[to]))) continue;
      if (found.some((r) => at < r.to && to > r.from)) continue;
      found.push({ value, from: at, to });
    }
  return found.sort((a, b) => a.from - b.from);
}

function maskLine(line: string, values: string[]): { masked: string; regions: Region[] } | null {
  const found = regionsOf(line, values);
  if (!found.length || found.length > STAND_INS.length) return null;
  let masked = "";
  let cursor = 0;
  const regions: Region[] = [];
  for (const [i, r] of found.entries()) {
    masked += line.slice(cursor, r.from);
    const maskedFrom = masked.length;
    masked += STAND_INS[i];
    cursor = r.to;
    regions.push({ value: r.value, from: r.from, to: r.to, maskedFrom, maskedTo: masked.length });
  }
  return { masked: masked + line.slice(cursor), regions };
}

/** A position in the masked line, in the line as written (a position inside a placeholder goes to its end). */
function unmask(position: number, regions: Region[]): number {
  let delta = 0;
  for (const r of regions) {
    if (position <= r.maskedFrom) break;
    if (position < r.maskedTo) return r.to;
    delta = r.to - r.maskedTo;
  }
  return position + delta;
}

/** A claim's text with the values of these regions back in place of their placeholders. */
const restore = (text: string, inside: Region[], regions: Region[]) => inside.reduce((t, r) => t.split(STAND_INS[regions.indexOf(r)]).join(r.value), text);

function unmaskSentence(s: Sentence, line: string, regions: Region[]): MaskedSentence {
  const from = unmask(s.span[0], regions);
  const to = unmask(s.span[1], regions);
  const inside = regions.filter((r) => r.from < to && r.to > from);
  const claims = s.claims.flatMap((c) => {
    const keys = c.keys.filter((k) => !STAND_IN_KEYS.has(k));
    return keys.length ? [{ ...c, text: restore(c.text, inside, regions), keys }] : [];
  });
  return { text: line.slice(from, to), span: [from, to], claims, masked: inside.map((r) => r.value) };
}

/** The field's sentences as lib/review-checks/nlp.ts `sentences` reads them, with these values masked. */
export function maskedSentences(text: string, values: string[]): MaskedSentence[] {
  const out: MaskedSentence[] = [];
  const names = readsAsEnglish(text);
  let lineStart = 0;
  for (const line of text.split("\n")) {
    if (line.trim()) {
      const m = maskLine(line, values);
      if (m)
        for (const s of lineSentences(m.masked, names)) {
          const u = unmaskSentence(s, line, m.regions);
          out.push({ text: u.text, span: [lineStart + u.span[0], lineStart + u.span[1]], claims: u.claims, masked: u.masked });
        }
      else
        for (const s of lineSentences(line, names))
          out.push({ text: s.text, span: [lineStart + s.span[0], lineStart + s.span[1]], claims: s.claims, masked: [] });
    }
    lineStart += line.length + 1;
  }
  return out;
}
