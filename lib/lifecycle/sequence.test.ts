import { describe, expect, it } from "vitest";
import { SEQUENCE_TRANSITIONS } from "@/lib/lifecycle/sequence";
import { dueAfter, lastStep, runSteps } from "@/lib/sequences/run-steps";
import { stopRuleFor } from "@/lib/sequences/stop-rules";
import { SEQUENCE_STATUSES, type SequenceStatus } from "@/lib/statuses";

// The sequence lifecycle's table (lib/lifecycle/sequence.ts) and the pure rules it is driven by:
// which reply class ends or pauses a sequence, and when a step falls due. The conditional SQL moves
// themselves run against PostgreSQL in tests/integration/sequence-moves.test.ts.

const ALLOWED: [SequenceStatus, SequenceStatus][] = [
  ["active", "active"], // the next step is due, or drafted
  ["active", "paused"], // an out-of-office with a return date
  ["active", "finished"], // completed, replied, bounced, unsubscribed, rejected, stopped, company_replied
  ["paused", "active"], // the return date came
  ["paused", "paused"], // a later return date
  ["paused", "finished"], // any end while paused
];

describe("the sequence transition table", () => {
  it("names every status and only known ones", () => {
    expect(Object.keys(SEQUENCE_TRANSITIONS).sort()).toEqual([...SEQUENCE_STATUSES].sort());
    for (const moves of Object.values(SEQUENCE_TRANSITIONS)) for (const to of moves) expect(SEQUENCE_STATUSES).toContain(to);
  });

  it("allows exactly the listed moves: a finished sequence never moves again", () => {
    const allowed = new Set(ALLOWED.map(([from, to]) => `${from} → ${to}`));
    for (const from of SEQUENCE_STATUSES) {
      for (const to of SEQUENCE_STATUSES) expect(SEQUENCE_TRANSITIONS[from].includes(to), `${from} → ${to}`).toBe(allowed.has(`${from} → ${to}`));
    }
    expect(SEQUENCE_TRANSITIONS.finished).toEqual([]);
  });
});

describe("stop rules by reply class", () => {
  it("pauses on out_of_office and ends on every other class, with its reason", () => {
    expect(stopRuleFor("out_of_office")).toBe("pause");
    expect(stopRuleFor("unsubscribe")).toBe("unsubscribed");
    expect(stopRuleFor("bounce")).toBe("bounced");
    for (const reply of ["interested", "not_interested", "question", "referral", "other"]) expect(stopRuleFor(reply)).toBe("replied");
  });
});

describe("a run's steps and when each falls due", () => {
  const stored = [
    { step: 3, wait: "P2D", waitSeconds: 172_800 },
    { step: 1, wait: null, waitSeconds: null },
    { step: 2, wait: "PT4H", waitSeconds: 14_400 },
  ];

  it("reads the stored steps in order; anything else is a run of one step", () => {
    expect(runSteps(stored).map((s) => s.step)).toEqual([1, 2, 3]);
    expect(lastStep(runSteps(stored))).toBe(3);
    for (const junk of [null, undefined, "steps", [{ step: "2" }], { step: 2 }]) {
      expect(runSteps(junk)).toEqual([]);
      expect(lastStep(runSteps(junk))).toBe(1);
    }
  });

  it("counts a step's wait from the previous step's send; a step the run does not have is never due", () => {
    const sentAt = new Date("2026-11-26T10:00:00.000Z");
    expect(dueAfter(runSteps(stored), 2, sentAt)?.toISOString()).toBe("2026-11-26T14:00:00.000Z");
    expect(dueAfter(runSteps(stored), 3, sentAt)?.toISOString()).toBe("2026-11-28T10:00:00.000Z");
    expect(dueAfter(runSteps(stored), 4, sentAt)).toBeNull();
  });
});
