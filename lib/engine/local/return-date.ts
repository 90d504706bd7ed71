import * as chrono from "chrono-node";

// The date an out-of-office reply says its writer is back, as YYYY-MM-DD, or null. Dates are read
// by the maintained `chrono-node` with its English, German, French and Spanish parsers: "until 16
// March", "back on 3/16/2026" (US numeric: month first in English, day first when that is the only
// reading, and always day first in German, French and Spanish), "bis zum 16. März", "jusqu'au 16
// mars", "hasta el 16 de marzo", "until Monday" (the next one after receipt). A date without a year is
// the next such date on or after the day the reply came. Our own code only chooses among the dates
// found: the one after a return cue ("until", "back", "bis", "wieder", "jusqu'", "retour", "hasta",
// "regreso") wins; else the latest one that is not in the past.

type Found = { index: number; text: string; date: Date; weekdayOnly: boolean };

const CUE =
  /(until|till|through|thru|back|return|returning|reachable|bis|ab dem|ab|wieder|zurück|jusqu|retour|rentre|reviens|hasta|regres|vuelta|volver[eé]|desde el)[^.\n]{0,30}$/i;
/** A cue of return itself ("back on 3/16" after "until 3/13"), preferred to "until". */
const RETURN_CUE = /(back|return|returning|reachable|ab dem|ab|wieder|zurück|retour|rentre|reviens|à partir d|regres|vuelta|volver[eé]|desde el)[^.\n]{0,30}$/i;

const PARSERS: [string, chrono.Chrono][] = [
  ["en", chrono.en.casual],
  ["en-GB", chrono.en.GB],
  ["de", chrono.de.casual],
  ["fr", chrono.fr.casual],
  ["es", chrono.es.casual],
];

const day = (date: Date) => date.toISOString().slice(0, 10);

const MARKERS: [string, RegExp][] = [
  ["de", /\b(ich|bin|nicht|und|wieder|bis|urlaub|büro|ihre|vielen dank)\b/gi],
  ["fr", /\b(je|suis|nous|jusqu|retour|bureau|vous|merci|congé)\b/gi],
  ["es", /\b(estoy|estaré|hasta|oficina|gracias|regreso|vacaciones|usted|el|de la)\b/gi],
];

/** The parsers in the order the text's language asks: a reading of the same words by the first wins. */
function parsersFor(text: string): [string, chrono.Chrono][] {
  const scores = MARKERS.map(([language, pattern]) => [language, (text.match(pattern) ?? []).length] as const).sort((a, b) => b[1] - a[1]);
  const language = scores[0][1] >= 2 ? scores[0][0] : "en";
  return [...PARSERS.filter(([name]) => name === language), ...PARSERS.filter(([name]) => name !== language)];
}

function found(text: string, received: Date): Found[] {
  const reference = { instant: received, timezone: "UTC" };
  const results: Found[] = [];
  const taken: [number, number][] = []; // the spans the preferred parsers read: another parser's other reading of them is dropped
  for (const [name, parser] of parsersFor(text)) {
    const mine: [number, number][] = [];
    for (const result of parser.parse(text, reference)) {
      if (name.startsWith("en") && /\d\.\d{1,2}\./.test(result.text)) continue; // 12.05.2026 is day first everywhere
      const span: [number, number] = [result.index, result.index + result.text.length];
      if (taken.some(([start, end]) => span[0] < end && start < span[1])) continue;
      mine.push(span);
      // The end of a range ("from 2/27 to 3/12"), else the date.
      const component = result.end ?? result.start;
      const weekdayOnly = !component.isCertain("day") && component.isCertain("weekday");
      let date = component.date();
      // A day and month without a year that has passed this year is next year's ("until 10 January" in March).
      if (!component.isCertain("year") && component.isCertain("month") && day(date) < day(received))
        date = new Date(Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), date.getUTCDate()));
      // A date with a year before receipt is not a return date ("since 2019", a date in the quoted text): dropped below.
      results.push({ index: result.index, text: result.text, date, weekdayOnly });
    }
    taken.push(...mine);
  }
  return results;
}

/** Whether the words just before `index` say "until"/"back on" in one of the four languages. */
const afterCue = (text: string, index: number, cue = CUE) => cue.test(text.slice(Math.max(0, index - 40), index));

/** "within 24 hours", "in 2 business days": a promise of an answer, not a return date. */
const DURATION = /\d+\s*(\w+\s)?(hours?|minutes?|days?|weeks?|stunden|minuten|tagen?|wochen?|heures?|jours?|semaines?|horas?|minutos?|dias?|días?|semanas?)\b/i;

/** The return date; with `cuedOnly`, only a date after a return cue counts (an answer that says no one is away). */
export function outOfOfficeUntil(text: string, received: Date, cuedOnly = false): string | null {
  const today = day(received);
  const candidates = found(text, received)
    .map((item) => {
      // "until Monday" on a Monday is the next one, not today.
      let date = item.weekdayOnly && day(item.date) <= today ? new Date(item.date.getTime() + 7 * 86_400_000) : item.date;
      // "until next Wednesday", said on a Monday, is this week's (chrono reads the week after).
      if (/^next\s+\S+day$/i.test(item.text.trim()) && date.getTime() - received.getTime() > 7 * 86_400_000) date = new Date(date.getTime() - 7 * 86_400_000);
      return { ...item, iso: day(date) };
    })
    .filter((item) => item.iso >= today && !/^\d{1,2}$/.test(item.text.trim()) && !DURATION.test(item.text));
  if (!candidates.length) return null;
  // "ab Montag, den 16.03.2026": the weekday is the date's own, not a date of its own.
  const dated = candidates.filter(
    (item) =>
      !item.weekdayOnly || !candidates.some((other) => !other.weekdayOnly && other.index > item.index && other.index - (item.index + item.text.length) <= 12),
  );
  const cued = dated.filter((item) => afterCue(text, item.index)).sort((a, b) => a.index - b.index);
  const returning = cued.filter((item) => afterCue(text, item.index, RETURN_CUE));
  if (returning.length) return returning[0].iso;
  if (cued.length) return cued[0].iso;
  if (cuedOnly) return null;
  return dated.map((item) => item.iso).sort()[dated.length - 1];
}
