import { ALL_DAY, type DayKey, daysBetween, firstAllowed, nextWindow, type Schedule, zoneFor } from "@/lib/senders/window";

// Where each send of one sender goes (pure; lib/senders/schedule.ts holds the sender's row lock and
// stores the result). A capped sender gives at most its cap (or ramped cap) of slots per calendar
// day of the window's zone, spaced at least window ÷ cap apart so the day's cap spreads over the
// window instead of leaving in a burst; what does not fit waits for the next window. An uncapped
// sender (the default sender, or daily_cap null) sends at the first allowed instant, unspaced.

export type SenderLimits = { dailyCap: number | null; rampStart: number | null; rampStepPerDay: number | null; firstSendDay: DayKey | null };
export type DayState = { scheduled: number; lastAt: number | null };
/** `domain`: the campaign's max_per_domain_per_day for this recipient domain (lib/senders/domain-limit.ts). */
export type SlotRequest = { due: number; schedule: Schedule | null; leadZone: string | null; domain?: { key: string; limit: number } };

/** The sender's cap on `day`: its ramp (start + step per day since its first send day) up to daily_cap. */
export function capOn(sender: SenderLimits, day: DayKey): number {
  if (sender.dailyCap === null) return Infinity;
  if (sender.rampStart === null || sender.rampStepPerDay === null) return sender.dailyCap;
  const age = Math.max(0, sender.firstSendDay ? daysBetween(sender.firstSendDay, day) : 0);
  return Math.min(sender.dailyCap, sender.rampStart + sender.rampStepPerDay * age);
}

const MAX_WINDOWS = 5_000; // ~14 years of daily windows: a request never loops forever

/**
 * The slot (epoch ms) of each request, in the order given. `days` (the sender's counts per day, as
 * stored) and `sender.firstSendDay` are updated for what was placed. Requests should come sorted by
 * due time: slots only move forward, so a cursor per window kind skips the days already full.
 */
export function placeSends(sender: SenderLimits, days: Map<DayKey, DayState>, requests: SlotRequest[], domainDays = new Map<string, number>()): number[] {
  const cursors = new Map<string, number>();
  return requests.map((request) => {
    if (sender.dailyCap === null && !request.domain) return firstAllowed(request.due, request.schedule, request.leadZone);
    const schedule = request.schedule ?? ALL_DAY;
    const zone = zoneFor(schedule, request.leadZone);
    const kind = `${zone}|${schedule.start}|${schedule.end}|${schedule.days.join(",")}`;
    let from = Math.max(request.due, cursors.get(kind) ?? -Infinity);
    for (let tries = 0; tries < MAX_WINDOWS; tries++) {
      const window = nextWindow(from, schedule, zone);
      const domainDay = request.domain && `${request.domain.key}|${window.day}`;
      if (request.domain && (domainDays.get(domainDay!) ?? 0) >= request.domain.limit) {
        from = window.end; // this recipient domain had its sends for that day; other domains may still fit (no cursor moves)
        continue;
      }
      const cap = capOn(sender, window.day);
      const state = days.get(window.day) ?? { scheduled: 0, lastAt: null };
      const spacing = (window.end - window.start) / cap;
      const at = Math.max(from, window.start, state.lastAt === null ? -Infinity : Math.ceil(state.lastAt + spacing));
      if (state.scheduled >= cap || at >= window.end) {
        // That window stays closed to this sender (counts and last slots only grow): later requests start after it.
        from = window.end;
        cursors.set(kind, Math.max(cursors.get(kind) ?? -Infinity, from));
        continue;
      }
      days.set(window.day, { scheduled: state.scheduled + 1, lastAt: at });
      if (domainDay) domainDays.set(domainDay, (domainDays.get(domainDay) ?? 0) + 1);
      sender.firstSendDay ??= window.day;
      if (!request.domain) cursors.set(kind, at); // a request its domain held back says nothing of the others
      return at;
    }
    throw new Error("no sending slot found within the windows searched");
  });
}
