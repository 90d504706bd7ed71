import { describe, expect, it } from "vitest";
import { parseWait } from "@/lib/campaigns/duration";
import { draftsFromSteps, MAX_STEPS, moveStep, stepsBody, waitIso, waitParts, waitWords, wholeAmount } from "@/lib/campaigns/step-form";
import { MAX_STEPS as SERVER_MAX_STEPS } from "@/lib/campaigns/steps";

describe("step editor model", () => {
  it("caps steps as the server does", () => {
    expect(MAX_STEPS).toBe(SERVER_MAX_STEPS);
  });

  it("writes an ISO 8601 duration the server accepts from a number and a unit", () => {
    expect(waitIso("3", "days")).toBe("P3D");
    expect(waitIso("4", "hours")).toBe("PT4H");
    expect(waitIso("30", "minutes")).toBe("PT30M");
    expect(waitIso("5", "seconds")).toBe("PT5S");
    for (const iso of ["P3D", "PT4H", "PT30M", "PT5S"]) expect(parseWait(iso)).not.toHaveProperty("error");
    expect(waitIso("", "days")).toBeNull();
    expect(waitIso("0", "days")).toBeNull();
    expect(waitIso("1.5", "days")).toBeNull();
    expect(waitIso("-2", "hours")).toBeNull();
    expect(wholeAmount(" 12 ")).toBe(12);
  });

  it("reads a stored wait back as the largest unit that divides it", () => {
    expect(waitParts(3 * 86400)).toEqual({ amount: "3", unit: "days" });
    expect(waitParts(7 * 86400)).toEqual({ amount: "7", unit: "days" });
    expect(waitParts(36 * 3600)).toEqual({ amount: "36", unit: "hours" });
    expect(waitParts(90)).toEqual({ amount: "90", unit: "seconds" });
    expect(waitParts(120)).toEqual({ amount: "2", unit: "minutes" });
  });

  it("says the wait in words", () => {
    expect(waitWords("36", "hours")).toBe("1 day and 12 hours");
    expect(waitWords("x", "hours")).toBeNull();
    expect(waitWords("400", "days")).toBe("57 weeks and 1 day"); // past the limit: said, and the server refuses it
  });

  it("round-trips GET's steps into the PATCH body, keeping pins as the pickers spell them", () => {
    const pins = ["follow_up:v1.0.0", "follow_up@demo:v1.0.0-brief"];
    const steps = [
      { step: 1, wait_seconds: null, prompt: "draft_email", version: { name: "draft_email", version: "v1.4.0" } },
      { step: 2, wait_seconds: 3 * 86400, prompt: "follow_up", version: { name: "follow_up", version: "v1.0.0" } },
      // Written in lower case over the API; the picker's option is the resolved version.
      { step: 3, wait_seconds: 5, prompt: "FOLLOW_UP@demo:v1.0.0-brief", version: { name: "follow_up@demo", version: "v1.0.0-brief" } },
    ];
    const drafts = draftsFromSteps(steps, pins);
    expect(drafts.map((draft) => draft.prompt)).toEqual(["", "follow_up@demo:v1.0.0-brief"]);
    expect(stepsBody(drafts)).toEqual([{}, { wait: "P3D", prompt: "follow_up" }, { wait: "PT5S", prompt: "follow_up@demo:v1.0.0-brief" }]);
  });

  it("moves a later step within the list and never past its ends", () => {
    expect(moveStep(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveStep(["a", "b", "c"], 2, -1)).toEqual(["a", "c", "b"]);
    const list = ["a", "b"];
    expect(moveStep(list, 0, -1)).toBe(list);
    expect(moveStep(list, 1, 1)).toBe(list);
  });
});
