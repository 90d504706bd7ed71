import { describe, expect, it } from "vitest";
import { DAY_MS, expectedLastSend } from "@/lib/senders/forecast-days";

// The forecast's last expected send (issue 33: it read a day late).

const now = Date.parse("2026-03-02T10:00:00Z");

describe("expectedLastSend", () => {
  it("puts drafts that fit in today's room today, not tomorrow", () => {
    expect(expectedLastSend({ now, lastSlot: null, unscheduled: 3, perDay: 10, leftToday: 10 })).toBe(now);
  });

  it("takes one more day per cap's worth once today's room is used", () => {
    expect(expectedLastSend({ now, lastSlot: null, unscheduled: 13, perDay: 10, leftToday: 3 })).toBe(now + DAY_MS);
    expect(expectedLastSend({ now, lastSlot: null, unscheduled: 14, perDay: 10, leftToday: 3 })).toBe(now + 2 * DAY_MS);
    expect(expectedLastSend({ now, lastSlot: null, unscheduled: 10, perDay: 10, leftToday: 0 })).toBe(now + DAY_MS);
  });

  it("follows the last slot handed out: a later day has no room counted", () => {
    const tomorrow = now + DAY_MS;
    expect(expectedLastSend({ now, lastSlot: tomorrow, unscheduled: 5, perDay: 10, leftToday: 10 })).toBe(tomorrow + DAY_MS);
    expect(expectedLastSend({ now, lastSlot: now + 3_600_000, unscheduled: 5, perDay: 10, leftToday: 6 })).toBe(now + 3_600_000);
  });

  it("is the last slot when nothing waits for one, and now without caps", () => {
    expect(expectedLastSend({ now, lastSlot: now + 5000, unscheduled: 0, perDay: 10, leftToday: 0 })).toBe(now + 5000);
    expect(expectedLastSend({ now, lastSlot: null, unscheduled: 0, perDay: 10, leftToday: 0 })).toBeNull();
    expect(expectedLastSend({ now, lastSlot: null, unscheduled: 500, perDay: Infinity, leftToday: Infinity })).toBe(now);
  });
});
