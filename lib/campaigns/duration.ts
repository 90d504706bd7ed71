// A step's wait (contract §12): an ISO 8601 duration counted from the previous step's send, such
// as "P3D", "PT4H", "P1W" or, in tests, "PT5S". Weeks, days, hours, minutes and seconds in whole
// numbers; years and months are refused (their length depends on the calendar, so "P1M" would
// not say how long a lead waits). At least one second and at most 365 days.

const DURATION = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
export const MAX_WAIT_SECONDS = 365 * 24 * 3600;

export type ParsedWait = { seconds: number } | { error: string };

/** The wait in seconds, or why it is not one. */
export function parseWait(text: string): ParsedWait {
  const value = text.trim().toUpperCase();
  const datePart = value.startsWith("P") ? value.slice(1).split("T")[0] : "";
  if (/^(\d+[YMWD])+$/.test(datePart) && /\d+[YM]/.test(datePart))
    return { error: "years and months are not allowed (their length varies); use weeks, days, hours, minutes or seconds, e.g. P30D" };
  const match = DURATION.exec(value);
  if (!match || value === "P" || value.endsWith("T")) return { error: 'must be an ISO 8601 duration such as "P3D", "PT4H" or "PT5S"' };
  const [weeks, days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  const total = (((weeks * 7 + days) * 24 + hours) * 60 + minutes) * 60 + seconds;
  if (total < 1) return { error: "must be at least one second" };
  if (total > MAX_WAIT_SECONDS) return { error: "must be at most 365 days (P365D)" };
  return { seconds: total };
}

/** A wait in words for people: "3 days", "4 hours", "1 week and 2 days", "5 seconds". */
export function waitInWords(seconds: number): string {
  const units: [number, string][] = [
    [7 * 86400, "week"],
    [86400, "day"],
    [3600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const parts: string[] = [];
  let rest = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    rest -= count * size;
  }
  if (parts.length === 0) return "0 seconds";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
