import { readWords, sentences, wordSet, type Sentence } from "@/lib/review-checks/nlp";
import { variableSources } from "@/lib/review-checks/sources";
import { citedSources } from "@/lib/review-checks/cited";
import { maskableValues, maskedSentences } from "@/lib/review-checks/masked";
import type { CitedSentence, DraftField, EvidenceItem, Source, WrittenLine } from "@/lib/review-checks/types";

// Each sentence's sources. With the local engine's written lines, a sentence's sources are those of
// the template variables its line was filled from (a variable that may come from several fields,
// such as opening_line, keeps those whose words the sentence shares). Without them (a hosted model's
// draft, or a person's edit), a source supports a sentence when they share a significant word (five
// letters or more, or a number) or the sentence contains the source's whole short text. A hosted
// model that cited its sources (lib/review-checks/cited.ts) has each citation checked by that same
// rule: a cited source that does not support the sentence is dropped.

export type ReadSentence = Sentence & { field: DraftField; sources: Source[] };

const significant = (word: string) => word.length >= 5 || /\d/.test(word);

export type SourceWords = { readonly source: Source; readonly words: ReadonlySet<string> };

/** A source's words, read when first asked for: most sentences of a local-engine draft never ask for most of its sources' words. */
class LazySourceWords implements SourceWords {
  private read?: ReadonlySet<string>;
  constructor(readonly source: Source) {}
  get words(): ReadonlySet<string> {
    return (this.read ??= wordSet(this.source.text));
  }
}

export function sourceWords(sources: Source[]): SourceWords[] {
  return sources.map((source) => new LazySourceWords(source));
}

export function overlaps(sentenceWords: ReadonlySet<string>, s: SourceWords): boolean {
  const words = s.words;
  if (words.size <= 3) {
    if (words.size === 0) return false;
    for (const w of words) if (!sentenceWords.has(w)) return false;
    return true;
  }
  for (const word of words) if (significant(word) && sentenceWords.has(word)) return true;
  return false;
}

// A draft's subject and body are read against the same sources (one `all` per draft): what depends on
// the sources alone is worked out once per draft, not once per sentence.
type PerDraft = { values: string[]; candidates: Map<string, Source[]> };
const perDraft = new WeakMap<SourceWords[], PerDraft>();
function perDraftOf(all: SourceWords[]): PerDraft {
  let known = perDraft.get(all);
  if (!known) {
    known = { values: maskableValues(all.filter((s) => s.source.kind === "lead").map((s) => s.source.text)), candidates: new Map() };
    perDraft.set(all, known);
  }
  return known;
}

function candidatesOf(name: string, all: SourceWords[]): Source[] {
  const { candidates } = perDraftOf(all);
  let found = candidates.get(name);
  if (!found) {
    found = variableSources(
      name,
      all.map((s) => s.source),
    );
    candidates.set(name, found);
  }
  return found;
}

function writtenSources(text: string, written: WrittenLine[], all: SourceWords[]): Source[] | null {
  const line = written.find((l) => l.text.includes(text));
  if (!line) return null;
  const found = new Set<Source>();
  let words: ReadonlySet<string> | undefined; // the sentence's words, read once if a variable asks
  for (const name of line.names) {
    const candidates = candidatesOf(name, all);
    if (candidates.length === 1) found.add(candidates[0]);
    else for (const c of all) if (candidates.includes(c.source) && overlaps((words ??= readWords(text)), c)) found.add(c.source);
  }
  return [...found];
}

function sourcesOf(s: Sentence, all: SourceWords[], written: WrittenLine[] | undefined, cited: CitedSentence[] | undefined): Source[] {
  const exact = written ? writtenSources(s.text, written, all) : cited?.length ? citedSources(s.text, cited, all, overlaps) : null;
  if (exact) return exact;
  const words = readWords(s.text);
  const out: Source[] = [];
  for (const src of all) if (overlaps(words, src)) out.push(src.source);
  return out;
}

export function readField(field: DraftField, text: string, all: SourceWords[], written?: WrittenLine[], cited?: CitedSentence[]): ReadSentence[] {
  // The lead's values masked while reading (lib/review-checks/masked.ts), as long as each masked value's
  // source is one of its sentence's sources (its claims are that source's words); else read as written.
  const read: ReadSentence[] = [];
  let asMasked = true;
  for (const s of maskedSentences(text, perDraftOf(all).values)) {
    const sources = sourcesOf(s, all, written, cited);
    if (!s.masked.every((v) => sources.some((src) => src.text === v))) asMasked = false;
    read.push({ text: s.text, span: s.span, claims: s.claims, field, sources });
  }
  if (asMasked) return read;
  return sentences(text).map((s) => ({ text: s.text, span: s.span, claims: s.claims, field, sources: sourcesOf(s, all, written, cited) }));
}

export const evidenceOf = (read: ReadSentence[]): EvidenceItem[] => read.map(({ text, field, span, sources }) => ({ sentence: text, field, span, sources }));
