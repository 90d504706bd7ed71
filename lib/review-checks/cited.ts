import { wordSet } from "@/lib/review-checks/nlp";
import type { SourceWords } from "@/lib/review-checks/evidence";
import type { CitedSentence, Source } from "@/lib/review-checks/types";

// A hosted model's own account of its sources (contract §13): its structured answer gives each
// sentence with the keys of the sources it rests on ("lead.company", "note", "signal.intent",
// "offer.proof_points[0]", "thread.messages[0].body"). A key names a source as `<kind>.<field>`;
// a shorter key names every source under it ("offer.proof_points", "signal", "thread.messages[1]").
// The model's word is checked, never taken: a cited source whose text does not support the
// sentence (the overlap rule of lib/review-checks/evidence.ts) is no source. A sentence the model
// gave no usable citation for (no entry, an empty list, keys that name nothing) is read by overlap.

const KIND_ALIASES: Record<string, string> = { notes: "note", signals: "signal", leads: "lead", offers: "offer", threads: "thread" };

/** The key a model is asked to cite a source by. */
export const sourceKey = (source: Source): string => (source.kind === "note" ? "note" : `${source.kind}.${source.field}`);

function normalKey(key: string): string {
  const trimmed = key.trim().toLowerCase().replace(/\s+/g, "");
  const [head, ...rest] = trimmed.split(".");
  const kind = KIND_ALIASES[head] ?? head;
  if (kind === "note" || (kind === "lead" && rest.join(".") === "notes")) return "note";
  return [kind, ...rest].join(".");
}

/** The sources a key names (a key names itself and everything under it). */
export function sourcesOfKey(key: string, sources: Source[]): Source[] {
  const wanted = normalKey(key);
  if (!wanted) return [];
  return sources.filter((source) => {
    const full = sourceKey(source).toLowerCase();
    return full === wanted || full.startsWith(`${wanted}.`) || full.startsWith(`${wanted}[`);
  });
}

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
const bare = (text: string) => normal(text).replace(/[\s.!?,;:]+$/, "");

/** The model's entries for one of our sentences: the same sentence, or one that holds it or is held by it. */
function entriesFor(sentence: string, cited: CitedSentence[]): CitedSentence[] {
  const ours = bare(sentence);
  if (!ours) return [];
  return cited.filter((entry) => {
    const theirs = bare(entry.sentence);
    if (!theirs) return false;
    return theirs === ours || theirs.includes(ours) || (theirs.length >= 12 && ours.includes(theirs));
  });
}

/**
 * A sentence's sources as the model cited them, each verified by `supports`; null when the model
 * gave none usable for it (the caller reads it by overlap instead).
 */
export function citedSources(
  sentence: string,
  cited: CitedSentence[],
  all: SourceWords[],
  supports: (sentenceWords: ReadonlySet<string>, source: SourceWords) => boolean,
): Source[] | null {
  const named = new Set<Source>();
  for (const entry of entriesFor(sentence, cited))
    for (const key of entry.sources)
      for (const source of sourcesOfKey(
        key,
        all.map((s) => s.source),
      ))
        named.add(source);
  if (named.size === 0) return null;
  const words = wordSet(sentence);
  return all.filter((s) => named.has(s.source) && supports(words, s)).map((s) => s.source);
}
