import { describe, expect, it } from "vitest";
import { promptDiff } from "@/lib/prompts/diff";

const base = { modelDefault: "local/leadpipe-1", system: "Be brief.", userTemplate: "Hi {{first_name}}" };

describe("promptDiff", () => {
  it("is a unified diff over model, system and template", () => {
    const diff = promptDiff("draft_email v1.0.0", base, "draft_email v1.0.0-acme", { ...base, system: "Be brief and warm." });
    expect(diff).toContain("--- draft_email v1.0.0");
    expect(diff).toContain("+++ draft_email v1.0.0-acme");
    expect(diff).toContain("-Be brief.");
    expect(diff).toContain("+Be brief and warm.");
    expect(diff).toMatch(/^@@ /m);
  });

  it("shows a model change", () => {
    expect(promptDiff("a", base, "b", { ...base, modelDefault: "openai/gpt-x" })).toContain("+model_default: openai/gpt-x");
  });

  it("is empty when nothing changed, and all additions for a first version", () => {
    expect(promptDiff("a", base, "b", { ...base })).toBe("");
    expect(promptDiff("/dev/null", null, "b", base)).toContain("+[system]");
  });
});
