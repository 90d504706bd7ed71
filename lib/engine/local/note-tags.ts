import { wink } from "@/lib/nlp/wink";

// Part-of-speech tags (Universal Dependencies: VERB, ADV, PROPN, …) for a note's first words, from
// wink-nlp's English lite model (offline), so the writer can tell a note that starts with a verb or
// an adverb and a verb ("Just moved …", "Recently migrated …") from one that starts with a name.

const nlp = wink(["pos"]);
const tagged = new Map<string, string[]>();
const lexicon = new Map<string, boolean>();

/**
 * The tags of the words, as many as line up with the model's tokens from the start (a word the model
 * splits, "$20M" or "month-end", ends the list there).
 */
export function leadingTags(words: string[]): string[] {
  const key = words.join(" ");
  const known = tagged.get(key);
  if (known) return known;
  const doc = nlp.readDoc(key);
  const tokens = doc.tokens().out() as string[];
  const tags = doc.tokens().out(nlp.its.pos) as string[];
  const out: string[] = [];
  for (let i = 0; i < words.length && i < tokens.length && tokens[i] === words[i]; i++) out.push(tags[i]);
  if (tagged.size > 5_000) tagged.clear(); // a run's notes repeat; the cache stays small
  tagged.set(key, out);
  return out;
}

/** An ordinary English word in the model's lexicon ("teams", "it"), unlike a name ("Northwind", "Pagerly"). */
export function isWord(word: string): boolean {
  const lower = word.toLowerCase();
  let known = lexicon.get(lower);
  if (known === undefined) {
    known = /^[a-z]+$/.test(lower) && nlp.readDoc(lower).isLexeme(lower);
    if (lexicon.size > 5_000) lexicon.clear();
    lexicon.set(lower, known);
  }
  return known;
}
