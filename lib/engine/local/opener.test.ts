import { describe, expect, it } from "vitest";
import { draftEmail } from "@/lib/engine/local/draft";
import { paraphrase, strongestFact } from "@/lib/engine/local/lead-fact";
import { opening } from "@/lib/engine/local/opener";
import { mergeOffers } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

// draft_email v1.4.0's opener (issue 29): the strongest fact about the lead, turned to the reader,
// in a frame picked by the lead's email; deterministic, and never a role or "I work on".

const v14 = SEED_PROMPTS.draft_email.find((v) => v.version === "v1.4.0")!;
const offer = mergeOffers({ product: "Acme Ledger", audience: "finance teams", call_to_action: "Worth a call?", sender_name: "Maya Chen" });
const draft = (lead: Parameters<typeof draftEmail>[0]["lead"], signals = {}) =>
  draftEmail({ lead, signals, userTemplate: v14.userTemplate, system: v14.system, variables: offerVariables(offer, "Maya Chen") });

describe("a note said to the reader", () => {
  it.each([
    ["Job ad mentions chasing unpaid balances", "your job ad mentions chasing unpaid balances"],
    ["Posted about insurance claim delays", "you posted about insurance claim delays"],
    ["She posted on LinkedIn about patient no-shows", "you posted on LinkedIn about patient no-shows"],
    ["Their website lists three clinics", "your website lists three clinics"],
    ["Hiring two dental nurses", "you are hiring two dental nurses"],
    ["Interested in automating reminders", "you are interested in automating reminders"],
    ["Was featured in TechCrunch", "you were featured in TechCrunch"],
    ["Uses Dentrix, frustrated with manual reminders", "you use Dentrix"],
    ["LinkedIn post says they are short-staffed", "your LinkedIn post says you are short-staffed"],
    ['"We are drowning in paperwork", said on a call', "you are drowning in paperwork"],
    ["Met at SaaStr 2026", "we met at SaaStr 2026"],
    ["Bright Smiles opened a second location", "Bright Smiles opened a second location"],
  ])("%s → %s", (note, clause) => {
    expect(paraphrase(note, "Bright Smiles")?.clause).toBe(clause);
  });

  it("takes a topic as a topic, and leaves out what says nothing", () => {
    expect(paraphrase("Insurance claim delays", null)).toEqual({ kind: "topic", clause: "insurance claim delays" });
    expect(paraphrase("New office in Berlin", null)).toEqual({ kind: "topic", clause: "your new office in Berlin" });
    for (const junk of ["n/a", "TBD", "-", "ok", "https://example.com/post"]) expect(paraphrase(junk, null)).toBeNull();
  });

  it("prefers the note, then a free-text column, then a signal", () => {
    const lead = { company: "Acme", notes: "Posted about churn", attributes: { recent_event: "Opened a new office" } };
    expect(strongestFact(lead, { intent: ["hiring"] })).toMatchObject({ source: "note", clause: "you posted about churn" });
    expect(strongestFact({ ...lead, notes: "n/a" }, { intent: ["hiring"] })).toMatchObject({ source: "event", clause: "you opened a new office" });
    expect(strongestFact({ company: "Acme", attributes: { linkedin_url: "Opened a new office" } }, { intent: ["hiring"] })).toMatchObject({
      source: "signal",
      clause: "Acme is hiring",
    });
    expect(strongestFact({ company: "Acme", title: "CFO" }, {})).toBeNull();
  });
});

describe("draft_email v1.4.0 (local)", () => {
  it("opens with the note, says the product without 'I work on', and is the same every time", () => {
    const lead = {
      email: "ana@brightsmiles.example",
      first_name: "Ana",
      company: "Bright Smiles",
      title: "Practice Manager",
      notes: "Job ad mentions chasing unpaid balances",
    };
    const email = draft(lead);
    expect(email.subject).toBe("Acme Ledger for Bright Smiles");
    expect(email.body.split("\n")[2]).toMatch(/your job ad mentions chasing unpaid balances/i);
    expect(email.body).toContain("Acme Ledger is built for finance teams.");
    expect(email.body).not.toMatch(/I work on|because of your role|reaching out/);
    expect(draft(lead)).toEqual(email);
  });

  it("varies the frame across leads and opens plainly, naming the company, when nothing is known", () => {
    const frames = new Set(Array.from({ length: 60 }, (_, i) => opening({ email: `p${i}@x.example`, notes: "Posted about churn" }, {}).frame));
    expect(frames.size).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < 30; i++) {
      const plain = opening({ email: `q${i}@x.example`, company: "Acme", title: "CFO" }, {});
      expect(plain.frame).toMatch(/^plain-/);
      expect(plain.text).toContain("Acme");
      expect(plain.text).not.toMatch(/role|CFO/);
    }
  });

  it("reads well for every combination of missing fields", () => {
    for (let mask = 0; mask < 32; mask++) {
      const lead: Record<string, string> = { email: `m${mask}@x.example` };
      if (mask & 1) lead.first_name = "Ada";
      if (mask & 2) lead.title = "VP Sales";
      if (mask & 4) lead.company = "Acme";
      if (mask & 8) lead.notes = "Posted about slow approvals";
      const { subject, body } = draft(lead, mask & 16 ? { intent: ["recently_funded"] } : {});
      for (const text of [subject, body]) expect(text).not.toMatch(/\{\{|\}\}|  | ,|Hi ,|^\s|\s$|because of your role|I work on/);
      expect(body.startsWith(lead.first_name ? "Hi Ada," : "Hello,")).toBe(true);
      if (lead.notes) expect(body.split("\n")[2]).toContain("posted about slow approvals");
    }
  });
});

describe("a referred lead (contract §13)", () => {
  it("opens with who referred them, in one of the referral frames", () => {
    const text = opening({ email: "dana@acme.example", first_name: "Dana", notes: "Runs the payments team", referred_by_name: "Grace Hopper" }, {});
    expect(text.frame).toMatch(/^referral-/);
    expect(text.text).toMatch(/^Grace Hopper (suggested|mentioned|pointed)/);
  });
});
