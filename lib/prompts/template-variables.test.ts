import { describe, expect, it } from "vitest";
import { knownVariables, templateErrors, unknownVariables } from "@/lib/prompts/template-variables";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

describe("template variables", () => {
  it("names each unknown variable once, in order, and lists the known ones", () => {
    expect(unknownVariables("Hi {{frist_name}}, {{ company }} {{frist_name}} {{x.y}}", knownVariables("draft_email"))).toEqual(["frist_name", "x.y"]);
    const [error] = templateErrors("draft_email", { user_template: "Hi {{frist_name}}," });
    expect(error.path).toBe("user_template");
    expect(error.message).toMatch(/^unknown variable \{\{frist_name\}\}; known: first_name, last_name/);
    expect(templateErrors("draft_email", { user_template: "Hi {{first_name}}, {{product}} {{sender_title}}" })).toEqual([]);
  });

  it("knows the reply variables for track prompts only", () => {
    expect(templateErrors("track", { user_template: "{{from}} {{subject}} {{text}}" })).toEqual([]);
    expect(templateErrors("track", { user_template: "{{first_name}}" })).toHaveLength(1);
    expect(templateErrors("qualify", { user_template: "{{text}}" })).toHaveLength(1);
  });

  it("accepts every shipped prompt version", () => {
    for (const [name, versions] of Object.entries(SEED_PROMPTS)) {
      for (const version of versions) expect(templateErrors(name, { user_template: version.userTemplate }), `${name} ${version.version}`).toEqual([]);
    }
  });
});
