import { describe, expect, it } from "vitest";
import { followUpSubject, writeFollowUp, type FollowUpInput } from "@/lib/engine/local/follow-up";
import { draftEmail } from "@/lib/engine/local/draft";
import { wordCount } from "@/lib/engine/local/render-lines";
import { offerVariables } from "@/lib/offer/offer-variables";
import { EMPTY_OFFER } from "@/lib/offer/offer";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";
import { followUpMessages } from "@/lib/prompts/prompt-input";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

const FIRST = {
  subject: "Pipewise for Northwind Cloud",
  body: "Hi Dana,\n\nI noticed Northwind Cloud is hiring.\nI work on Pipewise.\nIt qualifies every lead against your profile.\nTeams using it spend half as long on lead research.\n\nWould a 15-minute call next week be useful?\n\nBest,\nMaya Chen",
};
const OFFER = {
  ...EMPTY_OFFER,
  product: "Pipewise",
  value_propositions: ["It qualifies every lead against your profile.", "Every prompt change is reviewed before it reaches a lead."],
  proof_points: ["Teams using it spend half as long on lead research.", "Reviewers approve a day's drafts in a few minutes."],
};
const input = (step: number, over: Partial<FollowUpInput> = {}): FollowUpInput => ({
  lead: { first_name: "Dana", company: "Northwind Cloud", title: "VP Engineering" },
  signals: { intent: ["hiring"] },
  offer: OFFER,
  senderName: "Maya Chen",
  step,
  thread: [FIRST],
  system: SEED_PROMPTS.follow_up[0].system,
  ...over,
});
const sentences = (text: string) =>
  text
    .split(/(?<=[.?!])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 20);
const STALE = /just bumping|bumping this|circling back|checking in|touching base|following up on my/i;

describe("the local follow-up writer", () => {
  it("keeps the thread's subject: Re: + step 1's, once", () => {
    expect(writeFollowUp(input(2)).subject).toBe("Re: Pipewise for Northwind Cloud");
    expect(followUpSubject([{ subject: "Re: RE: Hello", body: "" }])).toBe("Re: Hello");
    expect(followUpSubject([])).toBe("Re: my last note");
  });

  it("takes a different angle per step: a proof point, a question, a last note", () => {
    const two = writeFollowUp(input(2)).body;
    const three = writeFollowUp(input(3)).body;
    const four = writeFollowUp(input(4)).body;
    const eight = writeFollowUp(input(8)).body;
    // Step 2: the proof point step 1 did not use yet.
    expect(two).toContain("Reviewers approve a day's drafts in a few minutes.");
    expect(two).not.toContain("?");
    // Step 3: one question, about what the lead is going through.
    expect(three.match(/\?/g)).toHaveLength(1);
    expect(three).toContain("is growing the team something Northwind Cloud wants help with");
    // Step 4 and later: a polite last note.
    expect(four).toMatch(/last note/);
    expect(eight).toBe(four);
    expect(new Set([two, three, four]).size).toBe(3);
  });

  it("refers back to the first email without repeating any of its sentences, and is short", () => {
    for (const step of [2, 3, 4, 5]) {
      const { body } = writeFollowUp(input(step));
      expect(body, `step ${step}`).toMatch(/first email|last note/);
      for (const line of sentences(FIRST.body)) expect(body, `step ${step} repeats "${line}"`).not.toContain(line);
      expect(body).not.toMatch(STALE);
      expect(wordCount(body)).toBeLessThan(60);
      expect(body.startsWith("Hi Dana,")).toBe(true);
      expect(body.endsWith("Best,\nMaya Chen")).toBe(true);
    }
  });

  it("reads well when the lead or the offer lacks things", () => {
    const bare = writeFollowUp(input(2, { lead: {}, signals: {}, offer: EMPTY_OFFER, senderName: "" })).body;
    expect(bare).toMatch(/^Hello,\n\n/);
    expect(bare).not.toMatch(/undefined|null|\{\{| ,|your team's|about \./);
    expect(writeFollowUp(input(3, { signals: {} })).body).toContain("is this something Northwind Cloud is looking at now");
    const noProof = writeFollowUp(input(2, { offer: { ...OFFER, proof_points: [] } })).body;
    expect(noProof).toContain("Every prompt change is reviewed before it reaches a lead.");
  });

  it("is deterministic and sees only what the prompt's template names", () => {
    expect(writeFollowUp(input(3))).toEqual(writeFollowUp(input(3)));
    const blind = writeFollowUp(input(2, { visible: new Set(["first_name", "thread"]) })).body;
    expect(blind).not.toContain("Northwind Cloud");
    expect(blind).not.toContain("Reviewers approve");
  });

  it("keeps a word limit the system prompt states", () => {
    const { body } = writeFollowUp(input(4, { system: "Write a follow-up under 15 words." }));
    expect(wordCount(body)).toBeLessThanOrEqual(20);
    expect(body).toContain("last note");
  });
});

describe("follow_up v1.1.0: signed with the sender's signature (issue 33)", () => {
  const names = (template: string) => new Set([...template.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map((match) => match[1]));
  const v10 = SEED_PROMPTS.follow_up.find((v) => v.version === "v1.0.0")!;
  const v11 = SEED_PROMPTS.follow_up.find((v) => v.version === "v1.1.0")!;
  const signed = { ...OFFER, sender_title: "Head of Sales", signature: "Pipewise · pipewise.example\n+1 555 0100" };

  it("is a new version (v1.0.0 unchanged) whose template names {{signature}}", () => {
    expect(v10.userTemplate).not.toContain("{{signature}}");
    expect(v11.userTemplate).toContain("{{signature}}");
    expect(v11.evalsRef).toBe(v10.evalsRef);
    expect(SEED_PROMPTS.follow_up.at(-1)).toBe(v11);
  });

  it("ends with the name, the title and the signature's lines; v1.0.0 without the signature; none when empty", () => {
    const write = (version: typeof v11, offer: typeof signed) =>
      writeFollowUp(input(2, { system: version.system, offer, visible: names(version.userTemplate) })).body;
    expect(write(v11, signed)).toMatch(/Best,\nMaya Chen\nHead of Sales\nPipewise · pipewise\.example\n\+1 555 0100$/);
    expect(write(v10, signed)).toMatch(/Best,\nMaya Chen\nHead of Sales$/);
    expect(write(v11, { ...signed, signature: "" })).toMatch(/Best,\nMaya Chen\nHead of Sales$/);
  });

  it("keeps the signature when a stated word limit cuts the body", () => {
    const body = writeFollowUp(input(4, { system: "Write a follow-up under 15 words.", offer: signed, visible: names(v11.userTemplate) })).body;
    expect(body).toMatch(/Best,\nMaya Chen\nPipewise · pipewise\.example\n\+1 555 0100$/);
  });
});

describe("follow_up for a hosted model", () => {
  it("renders the same variables: the lead, the offer, the step and the thread so far", () => {
    const version = { ...SEED_PROMPTS.follow_up[0], prompt: { name: "follow_up" } };
    const second = { subject: "Re: Pipewise for Northwind Cloud", body: "Hi Dana,\n\nI left one thing out." };
    const messages = followUpMessages(version, {
      facts: { first_name: "Dana", company: "Northwind Cloud" },
      signals: { intent: ["hiring"] },
      context: { icp: SAAS_OUTBOUND_ICP, offer: OFFER, senderName: "Maya Chen" },
      step: 3,
      thread: [FIRST, second],
    });
    expect(messages.user).toContain("Step 3 of the sequence to Dana");
    expect(messages.user).toContain("(first subject: Pipewise for Northwind Cloud)");
    expect(messages.user).toContain("--- Step 1\nSubject: Pipewise for Northwind Cloud\n\nHi Dana,");
    expect(messages.user).toContain("--- Step 2\nSubject: Re: Pipewise for Northwind Cloud");
    expect(messages.user).toContain("Proof points: Teams using it spend half as long on lead research.");
    expect(messages.user).not.toMatch(/\{\{/);
    expect(messages.system).toContain('Answer with JSON only: {"subject": string, "body": string, "evidence": [{"sentence": string, "sources": [string]}]}.');
    // The thread's messages are sources it may cite.
    expect(messages.system).toContain("thread.messages[0].subject, thread.messages[0].body, thread.messages[1].subject, thread.messages[1].body.");
  });
});

describe("a follow-up picks up the first email's hook (issue 36)", () => {
  const production = SEED_PROMPTS.draft_email.at(-1)!;
  const lead = { email: "ines@ledgerline.example", first_name: "Ines", company: "Ledgerline", notes: "Just moved their payments stack to Kubernetes" };
  const first = draftEmail({
    lead,
    signals: {},
    userTemplate: production.userTemplate,
    system: production.system,
    variables: offerVariables(OFFER, "Maya Chen"),
    offer: OFFER,
  });

  it("steps 2 and 3 name what the first email opened with, without repeating its sentence", () => {
    expect(first.body).toContain("you just moved your payments stack to Kubernetes");
    const thread = [{ subject: first.subject, body: first.body }];
    const two = writeFollowUp(input(2, { lead, signals: {}, thread })).body;
    const three = writeFollowUp(input(3, { lead, signals: {}, thread })).body;
    expect(two).toContain("When I wrote that you just moved your payments stack to Kubernetes, I left one thing out.");
    expect(three).toContain("Since I wrote that you just moved your payments stack to Kubernetes, one question rather than a longer email:");
    for (const body of [two, three]) for (const line of sentences(first.body)) if (!/^(Best|Maya)/.test(line)) expect(body).not.toContain(line);
  });

  it("says nothing of a hook the first email did not open with", () => {
    const two = writeFollowUp(input(2, { lead, signals: {}, thread: [FIRST] })).body;
    expect(two).not.toContain("When I wrote");
    expect(two).toContain("I left one thing out of my first email.");
  });
});
