import { describe, expect, it } from "vitest";
import { nextAttempt } from "@/lib/webhooks/schedule";

const first = new Date("2026-01-01T00:00:00Z");
const schedule = [5, 300, 1800, 7200, 18000, 36000];
const at = (seconds: number) => new Date(first.getTime() + seconds * 1000);
const plan = (attemptsMade: number, nowSeconds: number, random = 0.5) =>
  nextAttempt({ attemptsMade, firstAttemptAt: first, now: at(nowSeconds), scheduleSeconds: schedule, windowSeconds: 86400, random: () => random });

describe("webhook retry schedule", () => {
  it("follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then the window's end, then dead-letters", () => {
    let now = 0;
    const times: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = plan(attempts, now);
      if ("deadLetter" in next) break;
      now = (next.at.getTime() - first.getTime()) / 1000;
      times.push(now);
    }
    expect(times).toEqual([5, 305, 2105, 9305, 27305, 63305, 86400]);
  });

  it("jitters by ±10 % and never past the window", () => {
    expect((plan(1, 0, 0) as { at: Date }).at).toEqual(at(4.5));
    expect((plan(1, 0, 1) as { at: Date }).at).toEqual(at(5.5));
    expect((plan(6, 80000, 1) as { at: Date }).at).toEqual(at(86400));
    expect(plan(8, 86400)).toEqual({ deadLetter: true });
  });
});
