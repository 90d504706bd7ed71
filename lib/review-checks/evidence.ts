import { sentences, wordSet, type Sentence } from "@/lib/review-checks/nlp";
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

export type SourceWords = { source: Source; words: ReadonlySet<string>; short: boolean };

export function sourceWords(sources: Source[]): SourceWords[] {
  return sources.map((source) => {
    const words = wordSet(source.text);
    return { source, words, short: words.size <= 3 };
  });
}

export function overlaps(sentenceWords: ReadonlySet<string>, s: SourceWords): boolean {
  if (s.short) return s.words.size > 0 && [...s.words].every((w) => sentenceWords.has(w));
  for (const word of s.words) if (significant(word) && sentenceWords.has(word)) return true;
  return false;
}

function writtenSources(text: string, written: WrittenLine[], all: SourceWords[], sentenceWords: ReadonlySet<string>): Source[] | null {
  const line = written.find((l) => l.text.includes(text));
  if (!line) return null;
  const found = new Set<Source>();
  for (const name of line.names) {
    const candidates = variableSources(
      name,
      all.map((s) => s.source),
    );
    if (candidates.length === 1) found.add(candidates[0]);
    else for (const c of all.filter((s) => candidates.includes(s.source) && overlaps(sentenceWords, s))) found.add(c.source);
  }
  return [...found];
}

export function readField(field: DraftField, text: string, all: SourceWords[], written?: WrittenLine[], cited?: CitedSentence[]): ReadSentence[] {
  const withSources = (s: Sentence) => {
    const words = wordSet(s.text);
    const exact = written ? writtenSources(s.text, written, all, words) : cited?.length ? citedSources(s.text, cited, all, overlaps) : null;
    return exact ?? all.filter((src) => overlaps(words, src)).map((src) => src.source);
  };
  // The lead's values masked while reading (lib/review-checks/masked.ts), as long as each masked value's
  // source is one of its sentence's sources (its claims are that source's words); else read as written.
  const values = maskableValues(all.filter((s) => s.source.kind === "lead").map((s) => s.source.text));
  const read = maskedSentences(text, values).map(({ masked, ...s }) => ({ s, masked, sources: withSources(s) }));
  if (read.every(({ masked, sources }) => masked.every((v) => sources.some((src) => src.text === v))))
    return read.map(({ s, sources }) => ({ ...s, field, sources }));
  return sentences(text).map((s) => ({ ...s, field, sources: withSources(s) }));
}

export const evidenceOf = (read: ReadSentence[]): EvidenceItem[] => read.map(({ text, field, span, sources }) => ({ sentence: text, field, span, sources }));
