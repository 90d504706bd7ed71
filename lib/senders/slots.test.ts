import { describe, expect, it } from "vitest";
import { placeSends, type SenderLimits } from "@/lib/senders/slots";
import type { Schedule } from "@/lib/senders/window";

// max_per_domain_per_day (contract §13) in the slot placement: a recipient domain that had its sends
// for a day waits for the next window; other domains still go that day.

const schedule: Schedule = {
  time_zone: "UTC",
  days: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
  start: "09:00",
  end: "17:00",
  max_per_domain_per_day: 2,
};
const uncapped = (): SenderLimits => ({ dailyCap: null, rampStart: null, rampStepPerDay: null, firstSendDay: null });
const at = (iso: string) => Date.parse(iso);

describe("max_per_domain_per_day", () => {
  it("gives one domain at most the limit a day and moves the rest to the next window; another domain goes the same day", () => {
    const due = at("2026-03-02T10:00:00Z");
    const acme = { key: "cmp_1|acme.example", limit: 2 };
    const other = { key: "cmp_1|other.example", limit: 2 };
    const requests = [acme, acme, acme, other].map((domain) => ({ due, schedule, leadZone: null, domain }));
    const slots = placeSends(uncapped(), new Map(), requests);
    expect(slots.map((slot) => new Date(slot).toISOString())).toEqual([
      "2026-03-02T10:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
      "2026-03-03T09:00:00.000Z",
      "2026-03-02T10:00:00.000Z",
    ]);
  });

  it("counts the sends already given slots that day", () => {
    const due = at("2026-03-02T10:00:00Z");
    const domain = { key: "cmp_1|acme.example", limit: 2 };
    const counts = new Map([["cmp_1|acme.example|2026-03-02", 2]]);
    const [slot] = placeSends(uncapped(), new Map(), [{ due, schedule, leadZone: null, domain }], counts);
    expect(new Date(slot).toISOString()).toBe("2026-03-03T09:00:00.000Z");
    expect(counts.get("cmp_1|acme.example|2026-03-03")).toBe(1);
  });

  it("works with a capped sender's spacing", () => {
    const due = at("2026-03-02T09:00:00Z");
    const domain = { key: "cmp_1|acme.example", limit: 1 };
    const sender: SenderLimits = { dailyCap: 8, rampStart: null, rampStepPerDay: null, firstSendDay: null };
    const slots = placeSends(
      sender,
      new Map(),
      [domain, domain].map((d) => ({ due, schedule, leadZone: null, domain: d })),
    );
    expect(slots.map((slot) => new Date(slot).toISOString())).toEqual(["2026-03-02T09:00:00.000Z", "2026-03-03T09:00:00.000Z"]);
  });
});
