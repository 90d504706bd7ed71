import { describe, expect, it } from "vitest";
import { ACTIVE_RUN_STATUSES, canMoveRun, ENDED_RUN_STATUSES, RUN_TRANSITIONS, runStatusesBefore } from "@/lib/lifecycle/run";
import { RUN_STATUSES, type RunStatus } from "@/lib/statuses";

const ended = (status: RunStatus) => (ENDED_RUN_STATUSES as readonly RunStatus[]).includes(status);

describe("the run transition table", () => {
  it("names every status and only known ones", () => {
    expect(Object.keys(RUN_TRANSITIONS).sort()).toEqual([...RUN_STATUSES].sort());
    for (const moves of Object.values(RUN_TRANSITIONS)) for (const to of moves) expect(RUN_STATUSES).toContain(to);
  });

  it("lets settleRun move between the active statuses and to completed, and anything not ended be canceled", () => {
    for (const from of ACTIVE_RUN_STATUSES) {
      for (const to of [...ACTIVE_RUN_STATUSES, "completed"] as const) if (to !== from) expect(canMoveRun(from, to), `${from} → ${to}`).toBe(true);
    }
    for (const from of RUN_STATUSES) expect(canMoveRun(from, "canceled"), from).toBe(!ended(from));
  });

  it("keeps the import path: queued → importing → running, and failing only before running", () => {
    expect(runStatusesBefore("importing")).toEqual(["queued", "importing"]);
    expect(runStatusesBefore("running")).toEqual(["importing", "awaiting_review", "sending"]);
    expect(runStatusesBefore("failed")).toEqual(["queued", "importing"]);
    expect(canMoveRun("queued", "running")).toBe(false);
  });

  it("leaves failed and canceled for good; a completed run reopens only to send a retried draft", () => {
    expect(RUN_TRANSITIONS.failed).toEqual([]);
    expect(RUN_TRANSITIONS.canceled).toEqual([]);
    expect(RUN_TRANSITIONS.completed).toEqual(["sending"]);
  });
});
