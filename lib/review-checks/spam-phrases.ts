import { analyzeSpam, MAX_HTML_SIZE } from "@emailens/engine";

// Which of @emailens/engine's spam-filter trigger phrases (its maintained list) each line of a draft
// contains, kept per distinct line. The scorer parses HTML (cheerio) on every call, ≈ 0.5 ms however
// short the text, so lines not yet known are read together: all of a pipeline batch's new lines in one
// call (primeSpamPhrases), a single draft's in one. Which line holds which of the reported phrases is
// then told by the scorer's own rule (the phrase as whole words in the lower-cased, whitespace-collapsed
// text). Lines are read apart, so a phrase is found in a line as the scorer finds it in a message of
// that line alone; a phrase only across a line break was never marked (its span is in no line).

const cache = new Map<string, readonly string[]>();
const CACHE_SIZE = 20_000;
const SEPARATOR = " | "; // non-word characters between lines: no phrase runs from one line into the next
const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PHRASE = /^Contains spam trigger phrase: "(.+)"$/;
const patterns = new Map<string, RegExp>();
const pattern = (phrase: string) => patterns.get(phrase) ?? patterns.set(phrase, new RegExp(`\\b${escapeRegex(phrase)}\\b`)).get(phrase)!;

function reported(lines: string[]): string[] {
  const found = new Set<string>();
  let chunk: string[] = [];
  let size = 0;
  const flush = () => {
    if (!chunk.length) return;
    // One paragraph: the scorer's cost is mostly per HTML node (≈ 11 µs a line this way, 26–60 as a paragraph each).
    for (const issue of analyzeSpam(`<p>${chunk.join(SEPARATOR)}</p>`).issues)
      if (issue.rule === "spam-phrases") {
        const phrase = PHRASE.exec(issue.message)?.[1];
        if (phrase) found.add(phrase);
      }
    chunk = [];
    size = 0;
  };
  for (const line of lines) {
    const html = escapeHtml(line);
    if (size + html.length + SEPARATOR.length > MAX_HTML_SIZE / 2) flush();
    chunk.push(html);
    size += html.length + SEPARATOR.length;
  }
  flush();
  return [...found];
}

const linesOf = (texts: string[]) => [...new Set(texts.flatMap((t) => t.split("\n")).filter((line) => line.trim()))];

/** Each line's phrases: from the cache, the lines not in it read in as few calls of the scorer as their size allows. */
function phrasesOfLines(lines: string[]): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  const fresh: string[] = [];
  for (const line of lines) {
    const known = cache.get(line);
    if (known) out.set(line, known);
    else fresh.push(line);
  }
  if (!fresh.length) return out;
  const phrases = reported(fresh);
  for (const line of fresh) {
    const visible = line.replace(/\s+/g, " ").trim().toLowerCase();
    out.set(
      line,
      phrases.filter((p) => pattern(p).test(visible)),
    );
  }
  if (cache.size + fresh.length > CACHE_SIZE) cache.clear();
  for (const line of fresh) cache.set(line, out.get(line)!);
  return out;
}

/** Reads the lines of these texts not yet known (a pipeline batch's drafts), in as few calls of the scorer as their size allows. */
export function primeSpamPhrases(texts: string[]) {
  phrasesOfLines(linesOf(texts));
}

/** The trigger phrases found in these texts (each as the scorer reports it, lower case). */
export function triggerPhrases(texts: string[]): string[] {
  const out = new Set<string>();
  // Every line already known (a pipeline batch's, primed): read from the cache as the lines come.
  for (const text of texts)
    for (const line of text.split("\n")) {
      if (!line.trim()) continue;
      const known = cache.get(line);
      if (!known) return freshTriggerPhrases(texts);
      for (const p of known) out.add(p);
    }
  return [...out];
}

function freshTriggerPhrases(texts: string[]): string[] {
  const out = new Set<string>();
  for (const phrases of phrasesOfLines(linesOf(texts)).values()) for (const p of phrases) out.add(p);
  return [...out];
}
