// When a campaign step's last send is expected (the forecast, lib/senders/forecast.ts): from the
// later of now and its last slot handed out, the drafts not scheduled yet fill what the senders
// have left that day, then a day at their caps each. Pure: unit-tested in forecast-days.test.ts.

export const DAY_MS = 86_400_000;

export type ExpectedLastInput = {
  now: number;
  /** Its latest slot already handed out (null: none). */
  lastSlot: number | null;
  /** Its drafts still to go without a slot. */
  unscheduled: number;
  /** Sends a day at the senders' caps (Infinity: a sender without a cap). */
  perDay: number;
  /** Sends the senders can still be given today (Infinity: a sender without a cap). */
  leftToday: number;
  /** The day an instant falls on where the campaign sends (default: the UTC day). */
  dayOf?: (ms: number) => string;
};

/**
 * The last expected send. Drafts that fit in today's room go today (the day was counted twice
 * before: 3 drafts at a cap of 10 read "tomorrow"); the rest take ceil(rest / perDay) more days.
 * A last slot on a later day has no room left counted on that day (its slots are already given).
 */
export function expectedLastSend({ now, lastSlot, unscheduled, perDay, leftToday, dayOf = utcDay }: ExpectedLastInput): number | null {
  if (unscheduled <= 0) return lastSlot;
  const from = Math.max(now, lastSlot ?? now);
  if (!(perDay > 0) || !Number.isFinite(perDay)) return from;
  const room = dayOf(from) === dayOf(now) ? Math.max(0, leftToday) : 0;
  if (unscheduled <= room) return from;
  return from + Math.ceil((unscheduled - room) / perDay) * DAY_MS;
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
