import { describe, expect, it } from "vitest";
import {
  ACTIVE_RUN_STATUSES,
  ENDED_RUN_STATUSES,
  IMPORT_RUN_STATUSES,
  isWorkingRun,
  RUN_STATUS_LABELS,
  RUN_STATUSES,
  WORKING_RUN_STATUSES,
} from "@/lib/states/run";
import { RUN_LEAD_STATE_ORDER, RUN_LEAD_STATES, SETTLED_RUN_LEAD_STATES, WORKING_RUN_LEAD_STATES } from "@/lib/states/run-lead";
import { PROMPT_STAGES, STAGE_LABELS, STAGE_OUTPUT_WORDS, STAGES, stageLabel } from "@/lib/states/stages";

describe("the run groups", () => {
  it("split every status once: import, active, ended", () => {
    expect([...IMPORT_RUN_STATUSES, ...ACTIVE_RUN_STATUSES, ...ENDED_RUN_STATUSES].sort()).toEqual([...RUN_STATUSES].sort());
  });

  it("count as working every status not ended but awaiting review (the UI polls these fast)", () => {
    const notEnded = RUN_STATUSES.filter((s) => !(ENDED_RUN_STATUSES as readonly string[]).includes(s));
    expect([...WORKING_RUN_STATUSES].sort()).toEqual(notEnded.filter((s) => s !== "awaiting_review").sort());
    expect(isWorkingRun("awaiting_review")).toBe(false);
    expect(isWorkingRun("no such status")).toBe(false);
    expect(isWorkingRun(undefined)).toBe(false);
  });

  it("label every status", () => {
    expect(Object.keys(RUN_STATUS_LABELS).sort()).toEqual([...RUN_STATUSES].sort());
    expect(RUN_STATUS_LABELS.awaiting_review).toBe("awaiting review");
  });
});

describe("the run lead groups", () => {
  it("order every state once, working first and settled last", () => {
    expect([...RUN_LEAD_STATE_ORDER].sort()).toEqual([...RUN_LEAD_STATES].sort());
    expect(RUN_LEAD_STATE_ORDER.slice(0, 2)).toEqual([...WORKING_RUN_LEAD_STATES]);
    expect(RUN_LEAD_STATE_ORDER.slice(-SETTLED_RUN_LEAD_STATES.length)).toEqual([...SETTLED_RUN_LEAD_STATES]);
  });
});

describe("the stage registry", () => {
  it("names every stage of issue 34 once, each with a label and the word for its outputs", () => {
    for (const stage of ["extract_signals", "qualify", "draft_email", "follow_up", "reply", "track"]) expect(STAGES).toContain(stage);
    expect(new Set(STAGES).size).toBe(STAGES.length);
    for (const stage of PROMPT_STAGES) expect(STAGES).toContain(stage);
    expect(Object.keys(STAGE_LABELS).sort()).toEqual([...STAGES].sort());
    expect(Object.keys(STAGE_OUTPUT_WORDS).sort()).toEqual([...STAGES].sort());
    expect(stageLabel("follow_up")).toBe("follow-up");
    expect(stageLabel("draft_email")).toBe("draft email");
    expect(stageLabel("something_else")).toBe("something else");
  });
});
