import type { ItemEntity, ItemSentence } from "wink-nlp";
import { wink } from "@/lib/nlp/wink";
import type { Span } from "@/lib/review-checks/types";

// Sentences and claims (numbers, dates, proper names) through wink-nlp and its English lite model,
// offline. A field is read line by line (an email's lines are its paragraphs, greeting and sign-off);
// each line is split into sentences by the model, and each sentence's claims are its number/date
// entities, its number tokens and its proper nouns (a capitalised first word that is an ordinary
// English word, "Congratulations" or "Best", is not a name).

const nlp = wink(["sbd", "pos", "ner"]);
const its = nlp.its;

const POSTSCRIPT = /^P\.?(?:P\.?)?S\.?$/;

export type Claim = { text: string; kind: "number" | "date" | "name"; keys: string[] };
export type Sentence = { text: string; span: Span; claims: Claim[] };

const ENTITY_KIND: Record<string, Claim["kind"]> = {
  DATE: "date",
  TIME: "date",
  DURATION: "number",
  MONEY: "number",
  PERCENT: "number",
  CARDINAL: "number",
  ORDINAL: "number",
};

/** The words a claim must find in a source: its digit runs and its capitalised words, lower case. */
export function claimKeys(text: string): string[] {
  const keys: string[] = [];
  for (const word of text.replace(/(\d),(?=\d{3})/g, "$1").split(/[^A-Za-z0-9\u00c0-\u024f]+/)) {
    if (!word) continue;
    const digits = word.match(/\d+/g);
    if (digits) keys.push(...digits);
    else if (word[0] !== word[0].toLowerCase()) keys.push(word.toLowerCase());
  }
  return keys;
}

const LOWER_WORD = /(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}'’-]*\p{Ll}/gu;

/**
 * Whether a field is written in English, by the model's own vocabulary: more than half of its
 * lower-case words (three at least) unknown to it reads as another language (an answer in German:
 * "Vielen Dank für Ihre Antwort."). Capitalised words are left out of the vote, names are.
 */
export function readsAsEnglish(text: string): boolean {
  const words = text.match(LOWER_WORD) ?? [];
  if (words.length < 3) return true;
  let unknown = 0;
  for (const w of words) if (isOOV(w)) unknown++;
  return unknown * 2 <= words.length;
}

// Whether the model's vocabulary lacks a word, kept per word: the answer never changes (a word the
// model learns from a text it reads is still out of its vocabulary), and a run's drafts repeat their words.
const vocabulary = nlp.readDoc("");
const oovCache = new Map<string, boolean>();
function isOOV(word: string): boolean {
  let oov = oovCache.get(word);
  if (oov === undefined) {
    oov = vocabulary.isOOV(word);
    if (oovCache.size >= LINE_CACHE_SIZE) oovCache.clear();
    oovCache.set(word, oov);
  }
  return oov;
}

/**
 * The field's sentences and their claims. In a field that does not read as English, capitalised
 * words are no names (German capitalises its nouns; the model knows English only): its numbers and
 * dates are still claims.
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  const names = readsAsEnglish(text);
  let lineStart = 0;
  for (const line of text.split("\n")) {
    if (line.trim()) for (const s of lineSentences(line, names)) out.push({ ...s, span: [lineStart + s.span[0], lineStart + s.span[1]] });
    lineStart += line.length + 1;
  }
  return out;
}

// A line's reading depends on its text alone (and whether names count), so it is kept per distinct
// line: a run's drafts share their greeting's closing, call to action, sign-off and signature lines,
// and a draft checked again as the reviewer types has most lines unchanged. Spans are the line's own.
const LINE_CACHE_SIZE = 20_000;
const lineCache = new Map<string, Sentence[]>();

export function lineSentences(line: string, names: boolean): Sentence[] {
  const key = `${names ? 1 : 0}${line}`;
  let read = lineCache.get(key);
  if (!read) {
    read = [];
    readLine(line, read, names);
    if (lineCache.size >= LINE_CACHE_SIZE) lineCache.clear();
    lineCache.set(key, read);
  }
  return read;
}

function readLine(line: string, out: Sentence[], names: boolean) {
  const offset = 0;
  const doc = nlp.readDoc(line);
  let cursor = 0;
  doc.sentences().each((s: ItemSentence) => {
    const text = s.out().trim();
    if (!text) return;
    const at = line.indexOf(text, cursor);
    const start = at >= 0 ? at : cursor;
    cursor = start + text.length;
    const claims: Claim[] = [];
    const covered = new Set<number>();
    const first = s.out(its.span) as unknown as [number, number];
    s.entities().each((e: ItemEntity) => {
      const kind = ENTITY_KIND[e.out(its.type)];
      if (!kind) return;
      const [from, to] = e.out(its.span) as unknown as [number, number];
      for (let i = from; i <= to; i++) covered.add(i);
      const value = e.out();
      // "This may…" read as a date: a capitalised first word of the sentence that is an ordinary word is no key.
      const opener = from === first[0] ? value.split(/\s+/)[0] : "";
      const keys = claimKeys(value).filter((k, i) => !(i === 0 && opener && k === opener.toLowerCase() && doc.isLexeme(k)));
      if (keys.length) claims.push({ text: value, kind, keys });
    });
    const tokens = s.tokens();
    const values = tokens.out() as string[];
    const pos = tokens.out(its.pos) as string[];
    const types = tokens.out(its.type) as string[];
    let name: string[] = [];
    const flush = () => {
      // Keys as any claim's ("Co." is the key "co": an abbreviation's period is no part of the name).
      if (name.length) claims.push({ text: name.join(" "), kind: "name", keys: claimKeys(name.join(" ")) });
      name = [];
    };
    values.forEach((value, i) => {
      const index = first[0] + i;
      if (covered.has(index)) return flush();
      if (types[i] === "number" || /\d/.test(value)) {
        flush();
        if (types[i] === "word" || types[i] === "number") claims.push({ text: value, kind: "number", keys: claimKeys(value) });
        return;
      }
      const capitalised = types[i] === "word" && value[0] !== value[0].toLowerCase();
      const lower = value.toLowerCase();
      // A proper noun, unless it opens the sentence and is an ordinary word; any capitalised word the model does not know.
      // A postscript's "P.S." is no name either.
      const opens = i === 0 || (i === 1 && POSTSCRIPT.test(values[0]));
      const isName = names && capitalised && !POSTSCRIPT.test(value) && ((pos[i] === "PROPN" && !(opens && doc.isLexeme(lower))) || doc.isOOV(lower));
      if (isName) name.push(value);
      else flush();
    });
    flush();
    out.push({ text, span: [offset + start, offset + start + text.length], claims });
  });
}

/**
 * Lower-case word tokens of a source's text (digits without thousands separators), each also split
 * into its digit and letter runs ("12m": "12", "m"), for support checks.
 */
export function wordSet(text: string): ReadonlySet<string> {
  let words = wordCache.get(text);
  if (!words) {
    words = readWords(text);
    if (wordCache.size >= LINE_CACHE_SIZE) wordCache.clear();
    wordCache.set(text, words);
  }
  return words;
}

// A run's drafts share the offer's sources and many sentences: their word sets are kept per text.
const wordCache = new Map<string, Set<string>>();

/** wordSet without keeping it: for a text seldom read twice (a draft's sentence with the lead's name in it). */
export function readWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text
    .replace(/(\d),(?=\d{3})/g, "$1")
    .toLowerCase()
    .split(/[^a-z0-9\u00c0-\u024f]+/)) {
    if (!word) continue;
    out.add(word);
    if (/\d/.test(word)) for (const run of word.match(/\d+|[^\d]+/g) ?? []) out.add(run);
  }
  return out;
}
