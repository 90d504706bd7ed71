// The date an out-of-office reply says its writer is back, as YYYY-MM-DD, or null. Reads
// "until 16 March", "back on March 20th", "returning 10 November", "until 2026-04-14",
// "until 12.05.2026" (day first) and weekdays ("until Monday": the next one after receipt).
// A date without a year is the next such date on or after the day the reply came.

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const CUE = String.raw`(?:until|till|back(?: on)?|return(?:ing)?(?: on)?|returns?(?: on)?|reachable (?:from|on))`;
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;

const iso = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCMonth() === month && date.getUTCDate() === day ? date.toISOString().slice(0, 10) : null;
};

function withYear(month: number, day: number, year: number | null, received: Date): string | null {
  if (year !== null) return iso(year < 100 ? 2000 + year : year, month, day);
  const thisYear = received.getUTCFullYear();
  const candidate = iso(thisYear, month, day);
  if (candidate && candidate >= received.toISOString().slice(0, 10)) return candidate;
  return iso(thisYear + 1, month, day);
}

export function outOfOfficeUntil(text: string, received: Date): string | null {
  const lower = text.toLowerCase();
  let match = new RegExp(String.raw`${CUE}\s+(?:[a-z]+day,?\s+)?(\d{4})-(\d{2})-(\d{2})`).exec(lower);
  if (match) return iso(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  match = new RegExp(String.raw`${CUE}\s+(?:[a-z]+day,?\s+)?(\d{1,2})\.(\d{1,2})\.(\d{2,4})`).exec(lower);
  if (match) return withYear(Number(match[2]) - 1, Number(match[1]), Number(match[3]), received);
  match = new RegExp(String.raw`${CUE}\s+(?:(?:on\s+)?[a-z]+day,?\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?(?:\s+of)?\s+${MONTH}\.?(?:,?\s+(\d{4}))?`).exec(
    lower,
  );
  if (match) return withYear(MONTHS.indexOf(match[2].slice(0, 3)), Number(match[1]), match[3] ? Number(match[3]) : null, received);
  match = new RegExp(String.raw`${CUE}\s+(?:[a-z]+day,?\s+)?${MONTH}\.?\s+(\d{1,2})(?:st|nd|rd|th)?(?:,?\s+(\d{4}))?`).exec(lower);
  if (match) return withYear(MONTHS.indexOf(match[1].slice(0, 3)), Number(match[2]), match[3] ? Number(match[3]) : null, received);
  match = new RegExp(String.raw`${CUE}\s+(?:next\s+)?(sun|mon|tue|wed|thu|fri|sat)[a-z]*day\b`).exec(lower);
  if (match) {
    const target = WEEKDAYS.indexOf(match[1]);
    const ahead = (target - received.getUTCDay() + 7) % 7 || 7;
    return new Date(received.getTime() + ahead * 86_400_000).toISOString().slice(0, 10);
  }
  return null;
}
