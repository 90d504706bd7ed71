import { z } from "zod";

// Sending windows (contract §12): a campaign's `schedule {time_zone, days, start, end}` says on which
// weekdays and between which local times its mails may go, in one IANA zone or in each lead's own
// ("lead"). Pure functions of an instant, with no clock of their own (the caller passes `now`), so
// the window math is unit-tested with any date, DST changes included (window.test.ts).
//
// Zones are read with Intl (the ICU data Node ships), no library: the offset of a zone at an instant
// is the difference between its local wall time and UTC, and a local wall time is turned into an
// instant by applying the offset twice (the second pass corrects across a DST change). A wall time
// that does not exist (in the hour a spring-forward skips) lands an hour early, inside the window's day.

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const knownZones = new Map<string, boolean>();

export function isTimeZone(zone: string): boolean {
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone }); // costly: asked once per zone
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size > 10_000) knownZones.clear();
    knownZones.set(zone, known);
  }
  return known;
}

export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: "not an IANA time zone (e.g. Europe/Berlin)" })
  .meta({ description: "An IANA time zone, e.g. Europe/Berlin" });

const HHMM = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "HH:MM, 00:00 to 24:00")
  .meta({ description: "Local wall time HH:MM" });

export const ScheduleSchema = z
  .strictObject({
    time_zone: z
      .union([z.literal("lead"), TimeZone])
      .meta({ description: '"lead": each lead\'s time_zone (UTC when it has none); or one IANA zone for every lead' }),
    days: z.array(z.enum(WEEKDAYS)).min(1).max(7).meta({ description: "The weekdays it may send on" }),
    start: HHMM,
    end: HHMM,
    max_per_domain_per_day: z
      .number()
      .int()
      .min(1)
      .max(100_000)
      .nullable()
      .optional()
      .meta({ description: "At most this many sends a day to one recipient domain for this campaign (null: no limit); the rest waits for the next window" }),
  })
  .refine((schedule) => minutesOf(schedule.start) < minutesOf(schedule.end), {
    message: "end must be after start (windows do not cross midnight)",
    path: ["end"],
  })
  .meta({ id: "SendSchedule" });
export type Schedule = z.infer<typeof ScheduleSchema>;

export function minutesOf(hhmm: string): number {
  const [hours, minutes] = hhmm.split(":").map(Number);
  return hours * 60 + minutes;
}

/** With no schedule a capped sender still spreads its cap over the whole UTC day. */
export const ALL_DAY: Schedule = { time_zone: "UTC", days: [...WEEKDAYS], start: "00:00", end: "24:00", max_per_domain_per_day: null };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The zone's wall time at `ms`, read as if it were UTC (so its date parts come from getUTC*). */
function wallAsUtc(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(ms))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

// Offsets change only at a zone's transitions, which fall on whole quarter hours of UTC in every
// zone of the IANA database since 1970: the offset of a quarter hour is read once and kept.
const QUARTER_HOUR = 900_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC at `ms`, in ms (Berlin in winter: +3,600,000). */
export function offsetMs(ms: number, zone: string): number {
  const quarter = Math.floor(ms / QUARTER_HOUR) * QUARTER_HOUR;
  const key = `${zone}|${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = wallAsUtc(quarter, zone) - quarter;
    if (offsets.size > 100_000) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** A calendar day, "YYYY-MM-DD". */
export type DayKey = string;

const dayKeyOfUtc = (ms: number): DayKey => new Date(ms).toISOString().slice(0, 10);
const utcMidnight = (day: DayKey): number => Date.parse(`${day}T00:00:00Z`);

/** The calendar day `ms` falls on in the zone. */
export function localDay(ms: number, zone: string): DayKey {
  return dayKeyOfUtc(ms + offsetMs(ms, zone));
}

/** The instant at which the zone's wall clock shows `minutes` past midnight of `day`. */
export function zonedInstant(day: DayKey, minutes: number, zone: string): number {
  const wall = utcMidnight(day) + minutes * 60_000;
  const first = wall - offsetMs(wall, zone);
  return wall - offsetMs(first, zone);
}

export function addDays(day: DayKey, days: number): DayKey {
  return dayKeyOfUtc(utcMidnight(day) + days * 86_400_000);
}

export function daysBetween(from: DayKey, to: DayKey): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / 86_400_000);
}

const weekdayOf = (day: DayKey): Weekday => WEEKDAYS[(new Date(utcMidnight(day)).getUTCDay() + 6) % 7];

export type Window = { day: DayKey; start: number; end: number };

// Windows are asked for over and over while a batch is scheduled (the same days, zones and hours):
// computed once each, as reading a zone's offset through Intl is the costly part.
const windowCache = new Map<string, Window | null>();

/** The schedule's window on `day` in `zone` (null when it does not send that weekday). */
export function windowOn(day: DayKey, schedule: Schedule, zone: string): Window | null {
  const key = `${zone}|${schedule.start}|${schedule.end}|${schedule.days.join(",")}|${day}`;
  let window = windowCache.get(key);
  if (window === undefined) {
    window = schedule.days.includes(weekdayOf(day))
      ? { day, start: zonedInstant(day, minutesOf(schedule.start), zone), end: zonedInstant(day, minutesOf(schedule.end), zone) }
      : null;
    if (windowCache.size > 50_000) windowCache.clear();
    windowCache.set(key, window);
  }
  return window;
}

/**
 * The first window that is still open at `from` or opens after it (searched over the next 14 days;
 * a schedule has at least one weekday, so one is always found).
 */
export function nextWindow(from: number, schedule: Schedule, zone: string): Window {
  const today = localDay(from, zone);
  for (let offset = -1; offset <= 14; offset++) {
    const window = windowOn(addDays(today, offset), schedule, zone);
    if (window && from < window.end) return window;
  }
  throw new Error(`no sending window within two weeks of ${new Date(from).toISOString()}`);
}

/** The zone a lead's sends are timed in under a schedule. */
export function zoneFor(schedule: Schedule, leadZone: string | null): string {
  if (schedule.time_zone !== "lead") return schedule.time_zone;
  return leadZone && isTimeZone(leadZone) ? leadZone : "UTC";
}

/** The earliest instant at or after `due` inside the schedule's windows (`due` itself with no schedule). */
export function firstAllowed(due: number, schedule: Schedule | null, leadZone: string | null): number {
  if (!schedule) return due;
  const window = nextWindow(due, schedule, zoneFor(schedule, leadZone));
  return Math.max(due, window.start);
}
