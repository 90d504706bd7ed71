import { describe, expect, it } from "vitest";
import { followUpSubject, writeFollowUp, type FollowUpInput } from "@/lib/engine/local/follow-up";
import { wordCount } from "@/lib/engine/local/render-lines";
import { EMPTY_OFFER } from "@/lib/offer/offer";
import { SAAS_OUTBOUND_ICP } from "@/lib/packs/saas-outbound-icp";
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
    expect(messages.system).toMatch(/Answer with JSON only: \{"subject": string, "body": string\}\.$/);
  });
});
