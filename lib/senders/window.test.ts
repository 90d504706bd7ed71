import { describe, expect, it } from "vitest";
import { capOn, type DayState, placeSends, type SenderLimits } from "@/lib/senders/slots";
import { firstAllowed, localDay, nextWindow, offsetMs, ScheduleSchema, zonedInstant, type Schedule } from "@/lib/senders/window";

// The window math with an injected clock: every instant is passed in, nothing reads Date.now().

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const weekdays: Schedule = { time_zone: "lead", days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00" };
const everyDay: Schedule = { ...weekdays, days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] };
const capped = (dailyCap: number | null, ramp?: { start: number; step: number }): SenderLimits => ({
  dailyCap,
  rampStart: ramp?.start ?? null,
  rampStepPerDay: ramp?.step ?? null,
  firstSendDay: null,
});

describe("sending windows in a zone", () => {
  it("reads offsets and wall times, DST included", () => {
    expect(offsetMs(at("2026-01-15T12:00:00Z"), "Europe/Berlin")).toBe(3_600_000);
    expect(offsetMs(at("2026-07-15T12:00:00Z"), "Europe/Berlin")).toBe(7_200_000);
    expect(iso(zonedInstant("2026-07-15", 9 * 60, "America/New_York"))).toBe("2026-07-15T13:00:00.000Z");
    expect(iso(zonedInstant("2026-01-15", 9 * 60, "America/New_York"))).toBe("2026-01-15T14:00:00.000Z");
    expect(localDay(at("2026-01-15T03:00:00Z"), "America/Los_Angeles")).toBe("2026-01-14");
  });

  it("a draft approved at 20:00 the lead's time goes at 09:00 the next window day", () => {
    // Wednesday 2026-11-25 20:00 in New York (EST, UTC-5) -> Thursday 09:00 EST.
    expect(iso(firstAllowed(at("2026-11-26T01:00:00Z"), weekdays, "America/New_York"))).toBe("2026-11-26T14:00:00.000Z");
    // Friday 20:00 -> Monday 09:00.
    expect(iso(firstAllowed(at("2026-11-28T01:00:00Z"), weekdays, "America/New_York"))).toBe("2026-11-30T14:00:00.000Z");
    // Inside the window: at once; before it: at its start.
    expect(iso(firstAllowed(at("2026-11-25T15:30:00Z"), weekdays, "America/New_York"))).toBe("2026-11-25T15:30:00.000Z");
    expect(iso(firstAllowed(at("2026-11-25T12:00:00Z"), weekdays, "America/New_York"))).toBe("2026-11-25T14:00:00.000Z");
    // A lead without a zone, under "lead": UTC. An IANA zone on the schedule wins over the lead's.
    expect(iso(firstAllowed(at("2026-11-25T20:00:00Z"), weekdays, null))).toBe("2026-11-26T09:00:00.000Z");
    expect(iso(firstAllowed(at("2026-11-25T20:00:00Z"), { ...weekdays, time_zone: "Asia/Tokyo" }, "America/New_York"))).toBe("2026-11-26T00:00:00.000Z");
    // No schedule: at once.
    expect(firstAllowed(at("2026-11-25T20:00:00Z"), null, "America/New_York")).toBe(at("2026-11-25T20:00:00Z"));
  });

  it("crosses DST boundaries at the same wall time", () => {
    // New York springs forward on Sunday 2026-03-08: 09:00 is 14:00Z the day before, 13:00Z that day.
    expect(iso(firstAllowed(at("2026-03-08T01:00:00Z"), everyDay, "America/New_York"))).toBe("2026-03-08T13:00:00.000Z");
    // ...and falls back on Sunday 2026-11-01: 09:00 EST is 14:00Z.
    expect(iso(firstAllowed(at("2026-11-01T01:00:00Z"), everyDay, "America/New_York"))).toBe("2026-11-01T14:00:00.000Z");
    // Berlin, 2026-03-29: approved Saturday 21:00 CET, sent Sunday 09:00 CEST (07:00Z).
    expect(iso(firstAllowed(at("2026-03-28T20:00:00Z"), everyDay, "Europe/Berlin"))).toBe("2026-03-29T07:00:00.000Z");
    // A window over the skipped hour is an hour shorter that day.
    const night: Schedule = { ...everyDay, start: "01:00", end: "05:00" };
    const window = nextWindow(at("2026-03-08T05:00:00Z"), night, "America/New_York");
    expect(window.day).toBe("2026-03-08");
    expect(window.end - window.start).toBe(3 * 3_600_000);
  });

  it("validates schedules", () => {
    expect(ScheduleSchema.safeParse(weekdays).success).toBe(true);
    expect(ScheduleSchema.safeParse({ ...weekdays, time_zone: "Mars/Olympus" }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ ...weekdays, start: "17:00", end: "09:00" }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ ...weekdays, start: "9:00" }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ ...weekdays, days: [] }).success).toBe(false);
    expect(ScheduleSchema.safeParse({ ...weekdays, end: "24:00" }).success).toBe(true);
  });
});

describe("a sender's slots", () => {
  it("spaces a day's cap over the window (spacing >= window / cap) and moves the rest to the next window", () => {
    const days = new Map<string, DayState>();
    const due = at("2026-11-25T13:00:00Z"); // Wednesday 08:00 in New York
    const slots = placeSends(
      capped(4),
      days,
      Array.from({ length: 10 }, () => ({ due, schedule: weekdays, leadZone: "America/New_York" })),
    );
    expect(slots.slice(0, 4).map(iso)).toEqual([
      "2026-11-25T14:00:00.000Z",
      "2026-11-25T16:00:00.000Z",
      "2026-11-25T18:00:00.000Z",
      "2026-11-25T20:00:00.000Z",
    ]);
    expect(slots.slice(4, 8).map(iso)).toEqual([
      "2026-11-26T14:00:00.000Z",
      "2026-11-26T16:00:00.000Z",
      "2026-11-26T18:00:00.000Z",
      "2026-11-26T20:00:00.000Z",
    ]);
    expect(slots.slice(8).map(iso)).toEqual(["2026-11-27T14:00:00.000Z", "2026-11-27T16:00:00.000Z"]); // Friday; never the weekend
    for (let i = 1; i < 4; i++) expect(slots[i] - slots[i - 1]).toBeGreaterThanOrEqual((8 * 3_600_000) / 4);
    expect(days.get("2026-11-25")).toEqual({ scheduled: 4, lastAt: at("2026-11-25T20:00:00Z") });
  });

  it("counts what earlier batches stored, and uncapped senders send at the first allowed instant, unspaced", () => {
    const days = new Map<string, DayState>([["2026-11-25", { scheduled: 2, lastAt: at("2026-11-25T15:00:00Z") }]]);
    const [slot] = placeSends(capped(3), days, [{ due: at("2026-11-25T15:00:00Z"), schedule: weekdays, leadZone: "America/New_York" }]);
    expect(iso(slot)).toBe("2026-11-25T17:40:00.000Z"); // 15:00 + 8h/3
    const [full] = placeSends(capped(3), days, [{ due: at("2026-11-25T15:00:00Z"), schedule: weekdays, leadZone: "America/New_York" }]);
    expect(iso(full)).toBe("2026-11-26T14:00:00.000Z");
    const free = placeSends(
      capped(null),
      new Map(),
      [1, 2, 3].map(() => ({ due: at("2026-11-25T15:00:00Z"), schedule: weekdays, leadZone: "America/New_York" })),
    );
    expect(free.map(iso)).toEqual(Array(3).fill("2026-11-25T15:00:00.000Z"));
  });

  it("a capped sender with no schedule spreads its cap over the UTC day", () => {
    const slots = placeSends(
      capped(2),
      new Map(),
      [1, 2, 3].map(() => ({ due: at("2026-11-25T00:00:00Z"), schedule: null, leadZone: null })),
    );
    expect(slots.map(iso)).toEqual(["2026-11-25T00:00:00.000Z", "2026-11-25T12:00:00.000Z", "2026-11-26T00:00:00.000Z"]);
  });

  it("ramps from start by step per day up to the cap, counted from its first send day", () => {
    const sender = capped(3, { start: 1, step: 1 });
    expect([capOn(sender, "2026-11-25")]).toEqual([1]);
    const slots = placeSends(
      sender,
      new Map(),
      Array.from({ length: 9 }, () => ({ due: at("2026-11-23T00:00:00Z"), schedule: everyDay, leadZone: "UTC" })),
    );
    expect(sender.firstSendDay).toBe("2026-11-23");
    expect(slots.map((slot) => iso(slot).slice(0, 10))).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-24",
      "2026-11-25",
      "2026-11-25",
      "2026-11-25",
      "2026-11-26",
      "2026-11-26",
      "2026-11-26",
    ]);
    expect(capOn(sender, "2026-12-30")).toBe(3);
  });

  it("spaces by the real window length on a DST day", () => {
    // Berlin 2026-03-29: 00:00-24:00 lasts 23 hours; cap 23 -> one an hour.
    const slots = placeSends(
      capped(23),
      new Map(),
      Array.from({ length: 24 }, () => ({
        due: at("2026-03-28T23:00:00Z"),
        schedule: { ...everyDay, start: "00:00", end: "24:00" },
        leadZone: "Europe/Berlin",
      })),
    );
    expect(iso(slots[22])).toBe("2026-03-29T21:00:00.000Z");
    expect(iso(slots[23])).toBe("2026-03-29T22:00:00.000Z"); // midnight of the 30th, CEST
  });
});
