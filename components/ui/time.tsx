"use client";

// Times in the reader's locale and time zone, with the exact value in the title. Rendered only on
// the client (these components show fetched data), so server and browser never disagree.

const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 30],
  ["month", 12],
  ["year", Infinity],
];

/** A time in full in the reader's locale and zone: "Nov 28, 2026, 9:30 AM". */
export const formatAbsolute = (date: Date): string => absolute.format(date);

export function formatRelative(date: Date, now = Date.now()): string {
  let value = (date.getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return absolute.format(date);
}

export function Time({ iso, mode = "absolute", empty = "—" }: { iso: string | null; mode?: "absolute" | "date" | "relative"; empty?: string }) {
  if (!iso) return <span className="text-slate-400">{empty}</span>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={date.toISOString()}>
      {mode === "relative" ? formatRelative(date) : mode === "date" ? dateOnly.format(date) : absolute.format(date)}
    </time>
  );
}
