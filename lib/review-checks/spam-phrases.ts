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

/** Reads the lines of these texts not yet known, in as few calls of the scorer as their size allows. */
export function primeSpamPhrases(texts: string[]) {
  const fresh = [...new Set(texts.flatMap((t) => t.split("\n")).filter((line) => line.trim() && !cache.has(line)))];
  if (!fresh.length) return;
  const phrases = reported(fresh);
  if (cache.size + fresh.length > CACHE_SIZE) cache.clear();
  for (const line of fresh) {
    const visible = line.replace(/\s+/g, " ").trim().toLowerCase();
    cache.set(
      line,
      phrases.filter((p) => pattern(p).test(visible)),
    );
  }
}

/** The trigger phrases found in these texts (each as the scorer reports it, lower case). */
export function triggerPhrases(texts: string[]): string[] {
  primeSpamPhrases(texts);
  const out = new Set<string>();
  for (const text of texts) for (const line of text.split("\n")) for (const p of cache.get(line) ?? []) out.add(p);
  return [...out];
}
