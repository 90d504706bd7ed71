import { describe, expect, it } from "vitest";
import { knownVariables } from "@/lib/prompts/template-variables";
import { readAnswer, toOutput } from "@/lib/prompts/stage-output";
import { PROMPT_STAGES } from "@/lib/states/stages";
import { STAGE_DEFINITIONS, stageDefinition } from "@/lib/stages";

// The stage registry: every prompt stage defined once, and the runner's readers reading it.

describe("the stage registry", () => {
  it("defines every prompt stage, each under its own name", () => {
    expect(Object.keys(STAGE_DEFINITIONS).sort()).toEqual([...PROMPT_STAGES].sort());
    for (const stage of PROMPT_STAGES) expect(STAGE_DEFINITIONS[stage].stage).toBe(stage);
    expect(stageDefinition("send")).toBeUndefined();
    expect(stageDefinition("toString")).toBeUndefined();
  });

  it("reads each stage's answer against its own contract", () => {
    expect(readAnswer("qualify", "", { qualified: true })).toEqual({ stage: "qualify", qualified: true, score: 100, reasons: [] });
    expect(readAnswer("qualify", "", { qualified: "yes" })).toBeNull();
    expect(toOutput("extract_signals", { seniority: "vp" })).toEqual({ stage: "extract_signals", signals: { seniority: "vp" } });
    expect(toOutput("extract_signals", ["not", "an", "object"])).toBeNull();
    const email = { subject: " Hi ", body: "Body", evidence: [{ sentence: "Body", sources: ["lead.company"] }, { junk: true }] };
    for (const stage of ["draft_email", "follow_up", "reply"] as const) {
      expect(readAnswer(stage, "", email)).toEqual({ stage, subject: "Hi", body: "Body", cited: [{ sentence: "Body", sources: ["lead.company"] }] });
      expect(readAnswer(stage, "", { subject: "", body: "Body" })).toBeNull();
    }
    expect(readAnswer("track", "", { classification: " Interested ", confidence: 0.9 })).toEqual({ classification: "interested", confidence: 0.9 });
    expect(readAnswer("track", "", { classification: "maybe" })).toBeNull();
  });

  it("gives each stage its template variables, and any other name a lead stage's", () => {
    expect(knownVariables("track")).toEqual(["from", "subject", "text"]);
    expect(knownVariables("follow_up")).toEqual(expect.arrayContaining(["first_name", "step", "thread", "first_subject"]));
    expect(knownVariables("reply")).toEqual(expect.arrayContaining(["company", "reply_text", "classification"]));
    expect(knownVariables("reply")).not.toContain("step");
    expect(knownVariables("draft_email")).toEqual(knownVariables("qualify"));
    expect(knownVariables("draft_email")).not.toContain("thread");
    expect(knownVariables("my_own_prompt")).toEqual(knownVariables("draft_email"));
  });
});
