import { describe, expect, it } from "vitest";
import { allowedCategories, classifyReply } from "@/lib/engine/local/classify-reply";
import { draftEmail, renderTemplate } from "@/lib/engine/local/draft";
import { qualifyLead } from "@/lib/engine/local/qualify";
import { companySize, extractSignals, requestedKeys } from "@/lib/engine/local/signals";
import { SEED_PACKS } from "@/prisma/seed/packs";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

const version = (name: string, label: string) => SEED_PROMPTS[name].find((v) => v.version === label)!;
const saas = SEED_PACKS.find((pack) => pack.slug === "saas-outbound")!.icp;

const ada = {
  first_name: "Ada", last_name: "Lovelace", company: "Analytical Engines", title: "VP of Engineering",
  employees: 400, industry: "Software", country: "GB",
  notes: "Raised a Series B last month and hiring 20 engineers. Evaluating vendors; runs on AWS and Kubernetes.",
};

describe("extract_signals (local)", () => {
  it("reads seniority, department, size, intent and technologies", () => {
    const signals = extractSignals(ada, version("extract_signals", "v1.2.0").userTemplate);
    expect(signals).toEqual({
      seniority: "vp", department: "engineering", company_size: "large",
      intent: ["hiring", "recently_funded", "evaluating_vendors"], technologies: ["aws", "kubernetes"], confidence: 1,
    });
  });

  it("returns only what the prompt version asks for", () => {
    expect(requestedKeys(version("extract_signals", "v1.0.0").userTemplate)).toEqual(["seniority", "department", "company_size"]);
    expect(Object.keys(extractSignals(ada, version("extract_signals", "v1.0.0").userTemplate))).toEqual(["seniority", "department", "company_size"]);
    expect(Object.keys(extractSignals(ada, version("extract_signals", "v1.1.0").userTemplate))).toContain("intent");
  });

  it("copes with an empty record", () => {
    expect(extractSignals({}, version("extract_signals", "v1.2.0").userTemplate)).toMatchObject({ seniority: "unknown", company_size: "unknown", intent: [], confidence: 0 });
    expect([companySize(5), companySize(30), companySize(120), companySize(800), companySize(5000)]).toEqual(["micro", "small", "medium", "large", "enterprise"]);
  });
});

describe("qualify (local)", () => {
  it("scores a fitting lead high, with a reason per criterion", () => {
    const result = qualifyLead(ada, extractSignals(ada, version("extract_signals", "v1.2.0").userTemplate), saas);
    expect(result.score).toBe(100);
    expect(result.qualified).toBe(true);
    expect(result.reasons).toEqual(expect.arrayContaining([expect.stringMatching(/matches "vp"/), expect.stringMatching(/Industry "Software" is targeted/), expect.stringMatching(/Buying signals: hiring/)]));
  });

  it("rejects a poor fit with reasons, and an excluded title outright", () => {
    const poor = { title: "Office Manager", company: "Bakery", employees: 8, industry: "Food", country: "IT" };
    const result = qualifyLead(poor, {}, saas);
    expect(result.qualified).toBe(false);
    expect(result.score).toBeLessThan(saas.min_score);
    expect(result.reasons.join(" ")).toMatch(/not targeted/);
    expect(qualifyLead({ ...ada, title: "Engineering Intern" }, {}, saas)).toEqual({ score: 0, qualified: false, reasons: [expect.stringMatching(/excluded/)] });
  });
});

describe("draft_email (local)", () => {
  it("renders the prompt's template with the lead and a signal", () => {
    const signals = extractSignals(ada, version("extract_signals", "v1.2.0").userTemplate);
    const draft = draftEmail(ada, signals, version("draft_email", "v1.2.0").userTemplate, "Sam from LeadPipe");
    expect(draft.subject).toBe("Ada, a thought on Analytical Engines's pipeline");
    expect(draft.body).toMatch(/^Hi Ada,\n\nI noticed Analytical Engines is hiring/);
    expect(draft.body).toMatch(/Sam from LeadPipe$/);
    expect(draft.body).not.toContain("{{");
  });

  it("differs by prompt version", () => {
    const a = draftEmail(ada, {}, version("draft_email", "v1.0.0").userTemplate, "Sam");
    const b = draftEmail(ada, {}, version("draft_email", "v1.1.0").userTemplate, "Sam");
    expect(a.subject).not.toBe(b.subject);
  });

  it("fills gaps without leaving holes", () => {
    expect(renderTemplate("Hi {{first_name}} {{last_name}}, from {{nowhere}}.", { first_name: "Bo" })).toBe("Hi Bo, from.");
    expect(draftEmail({}, {}, version("draft_email", "v1.0.0").userTemplate, "Sam").body).toMatch(/^Hi there,/);
  });
});

describe("track (local)", () => {
  const v12 = version("track", "v1.2.0").system;
  it.each([
    [{ text: "Sounds interesting, tell me more." }, "interested"],
    [{ text: "Can you send me a calendar invite for Tuesday?" }, "meeting_request"],
    [{ text: "How does pricing work?" }, "question"],
    [{ text: "No thanks, we're all set." }, "not_interested"],
    [{ subject: "Automatic reply", text: "I am out of the office until Monday." }, "out_of_office"],
    [{ text: "I left the company last year." }, "wrong_person"],
    [{ text: "Please remove me from your list." }, "unsubscribe"],
    [{ from: "MAILER-DAEMON@mx.example.com", subject: "Undeliverable", text: "Address not found" }, "bounce"],
    [{ text: "ok" }, "other"],
  ])("%o → %s", (reply, expected) => {
    expect(classifyReply(reply, v12).classification).toBe(expected);
  });

  it("keeps to the categories of the prompt version", () => {
    expect(allowedCategories(version("track", "v1.0.0").system)).toEqual(["interested", "not_interested", "out_of_office", "other"]);
    expect(classifyReply({ text: "Please unsubscribe me" }, version("track", "v1.0.0").system)).toEqual({ classification: "other", confidence: 0.3 });
    expect(classifyReply({ text: "Please unsubscribe me" }, version("track", "v1.1.0").system)).toEqual({ classification: "unsubscribe", confidence: 0.9 });
  });
});
