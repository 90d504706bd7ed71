import { describe, expect, it } from "vitest";
import { dueAfter, lastStep, runSteps } from "@/lib/sequences/run-steps";
import { returnsAt, stopRuleFor } from "@/lib/sequences/stop-rules";
import { threadHeaders, type ThreadEntry } from "@/lib/sending/thread";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";

const stored = [
  { step: 3, wait: "P4D", waitSeconds: 4 * 86_400 },
  { step: 1, wait: null, waitSeconds: null },
  { step: 2, wait: "PT5S", waitSeconds: 5 },
];

describe("a run's steps", () => {
  it("reads the stored steps in order, and nothing from a run without steps or a malformed value", () => {
    expect(runSteps(stored).map((s) => s.step)).toEqual([1, 2, 3]);
    expect(lastStep(runSteps(stored))).toBe(3);
    expect(runSteps(null)).toEqual([]);
    expect(runSteps([{ step: "two" }])).toEqual([]);
    expect(lastStep([])).toBe(1);
  });

  it("puts each step's due time at the previous send plus its wait", () => {
    const sent = new Date("2026-11-26T10:00:00Z");
    expect(dueAfter(runSteps(stored), 2, sent)).toEqual(new Date("2026-11-26T10:00:05Z"));
    expect(dueAfter(runSteps(stored), 3, sent)).toEqual(new Date("2026-11-30T10:00:00Z"));
    expect(dueAfter(runSteps(stored), 4, sent)).toBeNull();
  });
});

describe("the stop rules", () => {
  it("end the sequence on every reply class but out_of_office, which pauses it, and auto_reply, which leaves it running", () => {
    const rules = Object.fromEntries(REPLY_CATEGORIES.map((category) => [category, stopRuleFor(category)]));
    expect(rules).toMatchObject({
      out_of_office: "pause",
      auto_reply: "none",
      unsubscribe: "unsubscribed",
      bounce: "bounced",
      interested: "replied",
      not_interested: "replied",
    });
    expect(REPLY_CATEGORIES.filter((category) => rules[category] === "pause")).toEqual(["out_of_office"]);
    expect(REPLY_CATEGORIES.filter((category) => rules[category] === "none")).toEqual(["auto_reply"]);
  });
});

describe("a follow-up's threading headers", () => {
  const entry = (step: number, messageId: string): ThreadEntry => ({
    runLeadId: "rl",
    step,
    draftId: `d${step}`,
    subject: "s",
    body: "b",
    messageId,
    sentAt: null,
  });
  it("answer the last message and reference every earlier one, oldest first; step 1 has none", () => {
    expect(threadHeaders([])).toEqual({});
    expect(threadHeaders([entry(1, "<a@x>"), entry(2, "<b@x>")])).toEqual({ inReplyTo: "<b@x>", references: ["<a@x>", "<b@x>"] });
  });
});

describe("an out-of-office's return", () => {
  const schedule = (time_zone: string) => ({ time_zone, days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00" });
  it("begins at midnight where the lead's sends are timed: the schedule's zone, the lead's own, else UTC", () => {
    expect(returnsAt("2026-12-01", null, null)).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(returnsAt("2026-12-01", null, "America/New_York")).toEqual(new Date("2026-12-01T05:00:00Z")); // EST
    expect(returnsAt("2026-07-01", null, "America/New_York")).toEqual(new Date("2026-07-01T04:00:00Z")); // EDT
    expect(returnsAt("2026-12-01", schedule("lead"), "Asia/Tokyo")).toEqual(new Date("2026-11-30T15:00:00Z"));
    expect(returnsAt("2026-12-01", schedule("Europe/Berlin"), "Asia/Tokyo")).toEqual(new Date("2026-11-30T23:00:00Z"));
    expect(returnsAt("2026-12-01", schedule("lead"), null)).toEqual(new Date("2026-12-01T00:00:00Z"));
    expect(returnsAt("2026-12-01", null, "Not/AZone")).toEqual(new Date("2026-12-01T00:00:00Z"));
  });
});
