import { describe, expect, it } from "vitest";
import { classifyReply } from "@/lib/engine/local/classify-reply";
import { allowedCategories } from "@/lib/reply-categories";
import { draftEmail, renderTemplate, signalSentence, statedWordLimit } from "@/lib/engine/local/draft";
import { mergeOffers } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";
import { qualifyLead } from "@/lib/engine/local/qualify";
import { companySize, extractSignals, requestedKeys } from "@/lib/engine/local/signals";
import { SEED_PACKS } from "@/prisma/seed/packs";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

const version = (name: string, label: string) => SEED_PROMPTS[name].find((v) => v.version === label)!;
const saas = SEED_PACKS.find((pack) => pack.slug === "saas-outbound")!.icp;

const ada = {
  first_name: "Ada",
  last_name: "Lovelace",
  company: "Analytical Engines",
  title: "VP of Engineering",
  employees: 400,
  industry: "Software",
  country: "GB",
  notes: "Raised a Series B last month and hiring 20 engineers. Evaluating vendors; runs on AWS and Kubernetes.",
};

describe("extract_signals (local)", () => {
  it("reads seniority, department, size, intent and technologies", () => {
    const signals = extractSignals(ada, version("extract_signals", "v1.2.0").userTemplate);
    expect(signals).toEqual({
      seniority: "vp",
      department: "engineering",
      company_size: "large",
      intent: ["hiring", "recently_funded", "evaluating_vendors"],
      technologies: ["aws", "kubernetes"],
      confidence: 1,
    });
  });

  it("returns only what the prompt version asks for", () => {
    expect(requestedKeys(version("extract_signals", "v1.0.0").userTemplate)).toEqual(["seniority", "department", "company_size"]);
    expect(Object.keys(extractSignals(ada, version("extract_signals", "v1.0.0").userTemplate))).toEqual(["seniority", "department", "company_size"]);
    expect(Object.keys(extractSignals(ada, version("extract_signals", "v1.1.0").userTemplate))).toContain("intent");
  });

  it("copes with an empty record", () => {
    expect(extractSignals({}, version("extract_signals", "v1.2.0").userTemplate)).toMatchObject({
      seniority: "unknown",
      company_size: "unknown",
      intent: [],
      confidence: 0,
    });
    expect([companySize(5), companySize(30), companySize(120), companySize(800), companySize(5000)]).toEqual([
      "micro",
      "small",
      "medium",
      "large",
      "enterprise",
    ]);
  });
});

describe("qualify (local)", () => {
  it("scores a fitting lead high, with a reason per criterion", () => {
    const result = qualifyLead(ada, extractSignals(ada, version("extract_signals", "v1.2.0").userTemplate), saas);
    expect(result.score).toBe(100);
    expect(result.qualified).toBe(true);
    expect(result.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/matches "vp"/),
        expect.stringMatching(/Industry "Software" is targeted/),
        expect.stringMatching(/Buying signals: hiring/),
      ]),
    );
  });

  it("rejects a poor fit with reasons, and an excluded title outright", () => {
    const poor = { title: "Office Manager", company: "Bakery", employees: 8, industry: "Food", country: "IT" };
    const result = qualifyLead(poor, {}, saas);
    expect(result.qualified).toBe(false);
    expect(result.score).toBeLessThan(saas.min_score);
    expect(result.reasons.join(" ")).toMatch(/not targeted/);
    expect(qualifyLead({ ...ada, title: "Engineering Intern" }, {}, saas)).toEqual({
      score: 0,
      qualified: false,
      reasons: [expect.stringMatching(/excluded/)],
    });
  });

  it("scores 0 a lead missing a required field or of a seniority the profile does not target", () => {
    const dental = {
      ...saas,
      titles: { include: ["practice manager", "office manager"], exclude: [] },
      industries: ["dental"],
      employees: { min: null, max: null },
    };
    const manager = { title: "Practice Manager", company: "Bright Smiles Dental", industry: "Dental", country: "US", employees: 12 };
    expect(qualifyLead(manager, {}, { ...dental, required: ["company", "title"], seniority: ["manager", "c_level"] }).qualified).toBe(true);
    expect(qualifyLead({ ...manager, company: "" }, {}, { ...dental, required: ["company"] })).toEqual({
      score: 0,
      qualified: false,
      reasons: ["Missing company, which the profile requires."],
    });
    // The seniority comes from extract_signals when it ran, else from the title.
    expect(qualifyLead(manager, {}, { ...dental, seniority: ["c_level"] }).reasons).toEqual(["Seniority manager is not targeted."]);
    expect(qualifyLead(manager, { seniority: "c_level" }, { ...dental, seniority: ["c_level"] }).qualified).toBe(true);
    // Without a title the seniority is unknown: no gate (require the title for one).
    expect(qualifyLead({ ...manager, title: null }, {}, { ...dental, seniority: ["manager"] }).score).toBeGreaterThan(0);
  });
});

describe("draft_email (local)", () => {
  const v13 = version("draft_email", "v1.3.0");
  const offer = mergeOffers({
    product: "Acme Ledger",
    audience: "finance teams at software companies",
    value_propositions: ["It closes the books in three days instead of ten"],
    proof_points: ["Northwind cut its month-end close by 70 percent."],
    call_to_action: "Would a 15-minute call next week be useful?",
    sender_name: "Maya Chen",
    sender_title: "Head of Partnerships",
    signature: "Acme Ledger · acme.example",
  });
  const draft = (lead: Parameters<typeof draftEmail>[0]["lead"], signals = {}, v = v13, senderName = "Maya Chen") =>
    draftEmail({ lead, signals, userTemplate: v.userTemplate, system: v.system, variables: offerVariables(offer, senderName) });

  it("writes about the offer, opens with the lead's signal and signs as the sender", () => {
    const signals = extractSignals(ada, version("extract_signals", "v1.2.0").userTemplate);
    const email = draft(ada, signals);
    expect(email.subject).toBe("Acme Ledger for Analytical Engines");
    expect(email.body).toBe(
      "Hi Ada,\n\nI noticed Analytical Engines is hiring.\nI work on Acme Ledger.\nIt is built for finance teams at software companies.\n" +
        "It closes the books in three days instead of ten.\nNorthwind cut its month-end close by 70 percent.\n\n" +
        "Would a 15-minute call next week be useful?\n\nBest,\nMaya Chen\nHead of Partnerships\nAcme Ledger · acme.example",
    );
    expect(email.body).not.toMatch(/LeadPipe/);
  });

  it("reads well for every combination of missing first name, title, company, industry and signals", () => {
    const fields = ["first_name", "title", "company", "industry"] as const;
    for (let mask = 0; mask < 32; mask++) {
      const lead: Record<string, string> = {};
      fields.forEach((field, i) => {
        if (mask & (1 << i)) lead[field] = { first_name: "Ada", title: "VP Sales", company: "Acme", industry: "Software" }[field];
      });
      const signals = mask & 16 ? { intent: ["recently_funded"] } : {};
      const { subject, body } = draft(lead, signals);
      for (const text of [subject, body]) {
        expect(text).not.toMatch(/\{\{|\}\}|  | ,|As at|Hi ,|Hi there|\bat\.|\bat,|^\s|\s$/);
      }
      expect(body.startsWith(lead.first_name ? "Hi Ada," : "Hello,")).toBe(true);
      expect(body).toContain("Acme Ledger");
      expect(body).toMatch(/Best,\nMaya Chen/);
      if (!lead.company) expect(body).not.toContain("Acme\n");
      expect(body.split(/\s+/).length).toBeLessThan(120);
    }
  });

  it("states nothing that is not in the lead or the offer", () => {
    expect(signalSentence({}, {})).toBe("");
    expect(signalSentence({ company: "Acme" }, {})).toBe("I am writing to the team at Acme.");
    // The role is the reader's, never the sender's ("I am writing to you as CFO at Acme" read as if the sender were).
    expect(signalSentence({ title: "CFO", company: "Acme" }, {})).toBe("I am reaching out because of your role as CFO at Acme.");
    expect(signalSentence({ company: "Ops Systems" }, { intent: ["recently_funded"] })).toBe("Congratulations on Ops Systems' recent funding round.");
    const bare = draft({}, {});
    expect(bare.body.startsWith("Hello,\n\nI work on Acme Ledger.")).toBe(true);
  });

  it("keeps the word limit the system prompt states", () => {
    expect(statedWordLimit("Plain text, under 100 words.")).toBe(99);
    expect(statedWordLimit("At most 40 words.")).toBe(40);
    expect(statedWordLimit("Be brief.")).toBeNull();
    const tight = { ...v13, system: "Write at most 45 words." };
    const email = draft(ada, { intent: ["hiring"] }, tight);
    expect(email.body.split(/\s+/).length).toBeLessThanOrEqual(45);
    expect(email.body).toContain("Acme Ledger");
    expect(email.body).toContain("Would a 15-minute call next week be useful?");
    expect(email.body).toMatch(/Maya Chen/);
  });

  it("differs by prompt version, and older versions still render without holes", () => {
    const a = draft(ada, {}, version("draft_email", "v1.0.0"), "Sam");
    const b = draft(ada, {}, version("draft_email", "v1.1.0"), "Sam");
    expect(a.subject).not.toBe(b.subject);
    expect(draft({}, {}, version("draft_email", "v1.0.0"), "Sam").body).toMatch(/^Hello,/);
    expect(renderTemplate("Hi {{first_name}} {{last_name}}, from {{nowhere}}.", { first_name: "Bo" })).toBe("Hi Bo, from.");
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
    expect(allowedCategories(version("track", "v1.0.0").system)).toEqual(["interested", "not_interested", "out_of_office", "other", "auto_reply"]);
    expect(classifyReply({ text: "Please unsubscribe me" }, version("track", "v1.0.0").system)).toEqual({ classification: "other", confidence: 0.3 });
    expect(classifyReply({ text: "Please unsubscribe me" }, version("track", "v1.1.0").system)).toEqual({ classification: "unsubscribe", confidence: 0.73 });
  });
});
