import { describe, expect, it } from "vitest";
import { foldedHunkHeader, hunkHeader, promptDiff, renderPromptForDiff } from "@/lib/prompts/diff";

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

describe("hunk headers", () => {
  it("render what the patch says, including an empty side at 0", async () => {
    const { parsePatch } = await import("diff");
    const created = promptDiff("a", null, "b", base);
    const changed = promptDiff("a", base, "b", { ...base, system: "Be warm." });
    for (const text of [created, changed]) {
      expect(parsePatch(text)[0].hunks.map(hunkHeader)).toEqual(text.split("\n").filter((line) => line.startsWith("@@")));
    }
    expect(created).toContain(`@@ -0,0 +1,${renderPromptForDiff(base).split("\n").length - 1} @@`);
  });

  it("of a folded block count from its first line (the viewer passes the last)", () => {
    expect(foldedHunkHeader(12, 12, 12)).toBe("@@ -1,12 +1,12 @@");
    expect(foldedHunkHeader(4, 20, 22)).toBe("@@ -17,4 +19,4 @@");
  });
});
