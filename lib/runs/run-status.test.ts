import { describe, expect, it } from "vitest";
import { ACTIVE_RUN_STATUSES, canMoveRun, ENDED_RUN_STATUSES, RUN_TRANSITIONS, runStatusesBefore } from "@/lib/runs/run-status";
import { RUN_STATUSES } from "@/lib/statuses";

describe("the run transition table", () => {
  it("names only known statuses and ends in completed, failed or canceled", () => {
    for (const [from, moves] of Object.entries(RUN_TRANSITIONS)) {
      expect(RUN_STATUSES).toContain(from);
      for (const to of moves) expect(RUN_STATUSES).toContain(to);
    }
    expect(Object.keys(RUN_TRANSITIONS).sort()).toEqual([...RUN_STATUSES].sort());
    expect([...ENDED_RUN_STATUSES].sort()).toEqual(["canceled", "completed", "failed"]);
  });

  it("lets settleRun move between the active statuses and to completed, and anything not ended be canceled", () => {
    for (const from of ACTIVE_RUN_STATUSES) {
      for (const to of [...ACTIVE_RUN_STATUSES, "completed"] as const) if (to !== from) expect(canMoveRun(from, to), `${from} → ${to}`).toBe(true);
    }
    for (const from of RUN_STATUSES) expect(canMoveRun(from, "canceled")).toBe(!ENDED_RUN_STATUSES.includes(from));
  });

  it("keeps the import path: queued → importing → running, and failing only before running", () => {
    expect(runStatusesBefore("importing")).toEqual(["queued", "importing"]);
    expect(runStatusesBefore("running")).toEqual(["importing", "awaiting_review", "sending"]);
    expect(runStatusesBefore("failed")).toEqual(["queued", "importing"]);
    expect(canMoveRun("queued", "running")).toBe(false);
  });
});
