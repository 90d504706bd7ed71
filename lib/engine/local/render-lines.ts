// Line-by-line template rendering for the local engine: a line whose variables are not all known
// is left out instead of leaving a hole, so a template reads well whatever a lead lacks.

export type RenderedLine = { text: string; names: string[] };

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;
const GREETING = /^\s*(Hi|Hello|Hey|Dear)\s+\{\{\s*first_name\s*\}\}\s*([,!:]?)\s*$/i;

/** A value that stands alone on its line ends as a sentence does. */
export function sentence(text: string): string {
  const trimmed = text.trim();
  return !trimmed || /[.!?:…"')\]]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

export function renderLines(template: string, values: Record<string, string>, options: { sentences?: boolean } = {}): RenderedLine[] {
  const out: RenderedLine[] = [];
  for (const line of template.split(/\r?\n/)) {
    const names = [...line.matchAll(PLACEHOLDER)].map((m) => m[1]);
    const missing = names.filter((name) => !values[name]?.trim());
    if (missing.length) {
      const greeting = GREETING.exec(line);
      if (greeting && missing.length === 1) out.push({ text: `Hello${greeting[2] || ","}`, names: ["first_name"] });
      continue; // left out: the line needs a value this lead or offer does not have
    }
    const alone = names.length === 1 && line.trim() === line.match(PLACEHOLDER)![0];
    let text = line.replace(PLACEHOLDER, (_, name: string) => values[name].trim());
    if (alone && options.sentences && !["sender_name", "sender_title", "signature"].includes(names[0])) text = sentence(text);
    out.push({ text, names });
  }
  return out;
}

/** No double spaces, no space before punctuation, at most one blank line, no blank start or end. */
export function cleanText(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .replace(/[ \t]{2,}/g, " ")
        .replace(/ +([,.!?;:])/g, "$1")
        .trimEnd(),
    )
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
