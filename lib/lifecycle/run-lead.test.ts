import { describe, expect, it } from "vitest";
import { canMoveRunLead, RUN_LEAD_TRANSITIONS, runLeadStatesBefore, WORKING_RUN_LEAD_STATES } from "@/lib/lifecycle/run-lead";
import { RUN_LEAD_STATES, type RunLeadState } from "@/lib/statuses";

// Every move the table holds, with who makes it; any other pair is refused.
const ALLOWED: [RunLeadState, RunLeadState][] = [
  // the stage jobs (a verdict, the next stage, a draft to review, stop_after)
  ["pending", "running"],
  ["pending", "awaiting_review"],
  ["pending", "rejected"],
  ["pending", "failed"],
  ["pending", "stopped"],
  ["running", "running"],
  ["running", "awaiting_review"],
  ["running", "rejected"],
  ["running", "failed"],
  ["running", "stopped"],
  ["running", "done"], // the send recorded
  ["awaiting_review", "running"],
  ["awaiting_review", "rejected"],
  ["awaiting_review", "stopped"], // review, cancel
  ["awaiting_review", "done"], // the sequence ended while a follow-up waited for review
  ["rejected", "running"], // a refused send retried
  ["stopped", "running"],
  ["stopped", "done"],
  ["stopped", "rejected"],
  ["stopped", "stopped"], // a send that ends after its run was canceled
];
const key = ([from, to]: [RunLeadState, RunLeadState]) => `${from} → ${to}`;

describe("the run-lead transition table", () => {
  it("names every state and only known ones", () => {
    expect(Object.keys(RUN_LEAD_TRANSITIONS).sort()).toEqual([...RUN_LEAD_STATES].sort());
    for (const moves of Object.values(RUN_LEAD_TRANSITIONS)) for (const to of moves) expect(RUN_LEAD_STATES).toContain(to);
  });

  it("allows exactly the listed moves and refuses every other pair", () => {
    const allowed = new Set(ALLOWED.map(key));
    for (const from of RUN_LEAD_STATES) {
      for (const to of RUN_LEAD_STATES) expect(canMoveRunLead(from, to), `${from} → ${to}`).toBe(allowed.has(`${from} → ${to}`));
    }
  });

  it("refuses the moves that would undo an end or skip the stages", () => {
    for (const [from, to] of [
      ["done", "running"],
      ["failed", "running"],
      ["done", "stopped"],
      ["pending", "done"],
      ["rejected", "done"],
      ["running", "pending"],
    ] as const) {
      expect(canMoveRunLead(from, to), `${from} → ${to}`).toBe(false);
    }
    expect(RUN_LEAD_TRANSITIONS.done).toEqual([]);
    expect(RUN_LEAD_TRANSITIONS.failed).toEqual([]);
    expect(runLeadStatesBefore("pending")).toEqual([]); // only inserted pending
  });

  it("lets cancel stop every state with work left, and the stage jobs move only working rows", () => {
    for (const from of ["pending", "running", "awaiting_review"] as const) expect(canMoveRunLead(from, "stopped"), from).toBe(true);
    expect(runLeadStatesBefore("failed")).toEqual([...WORKING_RUN_LEAD_STATES]);
    expect(runLeadStatesBefore("awaiting_review")).toEqual(["pending", "running"]);
    expect(runLeadStatesBefore("done")).toEqual(["running", "stopped", "awaiting_review"]); // awaiting_review: a sequence ended while a follow-up waited
  });
});
