import { describe, expect, it } from "vitest";
import { draftEmail } from "@/lib/engine/local/draft";
import { mergeOffers } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";
import { reviewDraft, withOpeningCount, type Review } from "@/lib/review-checks";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

// A 200-lead run of the production draft_email (the newest built-in version, local engine) with
// notes that start with verbs, numbers and names: the drafts' false positives (any warn or block
// check: the writer uses only the lead and the offer, so each is the checker's or the writer's
// fault) are counted and printed; the goal is under 2 % (docs/review-checks.md records the figure).
// Also: every sentence citing a note has the note as a source; a fork that invents a number, a
// customer name and a date is flagged on exactly those sentences.

const production = SEED_PROMPTS.draft_email.at(-1)!;
const offer = mergeOffers({
  product: "Acme Ledger",
  audience: "finance teams at mid-size software companies",
  value_propositions: ["Acme Ledger closes the books two days faster"],
  proof_points: ["Northwind cut its month-end close from 9 days to 4 with Acme Ledger"],
  call_to_action: "Would a 15-minute call next week be useful?",
  sender_name: "Maya Chen",
  sender_title: "Head of Partnerships",
  website: "https://acme-ledger.example",
});
const NOTES = [
  "Posted about month-end close delays",
  "Raised a $12M Series A in March 2026",
  "Hiring 3 accountants in Austin",
  "Met at SaaStr 2026",
  "Moved their billing to Stripe last quarter",
  "Uses NetSuite, frustrated with manual reconciliation",
  "Job ad mentions chasing unpaid invoices",
  "Just opened a second office in Berlin",
  "Spoke at FinOps Summit about audit prep",
  "Interested in automating approvals",
  "Grew revenue 40% last year",
  "Switched from QuickBooks to Xero",
  "New CFO, Priya Raman, joined in January",
  "Was featured in TechCrunch",
  "",
  "n/a",
];
const FIRST = ["Dana", "Luis", "Mei", "Olu", "Sara", "Tom", "Ines", "Raj", "Zoe", "Ken"];
const COMPANIES = ["Globex", "Initech", "Hooli", "Umbrella Health", "Stark Logistics", "Wayne Foods", "Cyberdyne", "Soylent", "Vandelay Imports", "Tyrell"];
const TITLES = ["CFO", "VP Finance", "Controller", "Head of Finance", "Finance Manager"];

const leads = Array.from({ length: 200 }, (_, i) => ({
  email: `lead${i}@${COMPANIES[i % 10].toLowerCase().replace(/\s+/g, "")}.example`,
  first_name: i % 17 === 0 ? null : FIRST[i % 10],
  company: COMPANIES[(i * 7) % 10],
  title: TITLES[i % 5],
  industry: "Software",
  employees: 50 + i * 13,
  notes: NOTES[i % NOTES.length],
  attributes: i % 5 === 0 ? { recent_event: "Opened a new office in Denver" } : null,
}));
const signals = (i: number) => (i % 3 === 0 ? { intent: ["hiring"] } : i % 3 === 1 ? { intent: ["recently_funded"] } : {});

function runOf(template: string) {
  const drafts = leads.map((lead, i) => {
    const d = draftEmail({
      lead,
      signals: signals(i),
      userTemplate: template,
      system: production.system,
      variables: offerVariables(offer, "Maya Chen"),
      offer,
    });
    const review = reviewDraft({ ...d, sources: { lead, signals: signals(i), offer, senderName: "Maya Chen" }, maxWords: 150 });
    return { lead, draft: d, review };
  });
  const counts = new Map<string, number>();
  for (const { review } of drafts) if (review.opening) counts.set(review.opening, (counts.get(review.opening) ?? 0) + 1);
  return drafts.map((d) => ({ ...d, review: withOpeningCount(d.review, d.review.opening ? counts.get(d.review.opening)! - 1 : 0) as Review }));
}

describe("a 200-lead run of the production draft_email", { timeout: 60_000 }, () => {
  const run = runOf(production.userTemplate);

  it("has under 2 % drafts with a warn or block check (printed)", () => {
    const flagged = run.filter((d) => d.review.checks.some((c) => c.severity !== "info"));
    for (const d of flagged) console.log(`FALSE POSITIVE ${d.lead.email}\n${d.draft.body}\n${JSON.stringify(d.review.checks, null, 1)}`);
    const info = run.filter((d) => d.review.checks.some((c) => c.severity === "info")).length;
    const infoCodes = run.flatMap((d) => d.review.checks.filter((c) => c.severity === "info").map((c) => c.code));
    console.log(`info checks: ${JSON.stringify(Object.fromEntries([...new Set(infoCodes)].map((c) => [c, infoCodes.filter((x) => x === c).length])))}`);
    console.log(
      `review-checks over ${run.length} production drafts: ${flagged.length} with warn/block (${((100 * flagged.length) / run.length).toFixed(1)} %), ${info} with info checks`,
    );
    expect(flagged.length / run.length).toBeLessThan(0.02);
  });

  it("every sentence that cites a note has the note as a source", () => {
    let citing = 0;
    for (const { lead, review } of run) {
      if (!lead.notes || lead.notes === "n/a") continue;
      const noteWords = new Set(
        lead.notes
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .filter((w) => w.length >= 5),
      );
      for (const e of review.evidence) {
        const shared = e.sentence
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .some((w) => noteWords.has(w));
        if (!shared || e.field !== "body" || e.sources.some((s) => s.kind === "offer")) continue; // the offer's words may meet the note's
        citing++;
        expect(
          e.sources.map((s) => s.kind),
          `${e.sentence} ← ${lead.notes}`,
        ).toContain("note");
      }
    }
    expect(citing).toBeGreaterThan(50);
  });
});

describe("a fork that invents facts", { timeout: 60_000 }, () => {
  it("gets unsupported_claim on exactly the invented number, customer name and date", () => {
    const fork = production.userTemplate.replace(
      "{{proof_line}}",
      "{{proof_line}}\nWe cut costs by 37% for teams like yours.\nGlobex Industries is one of our happiest customers.\nWe launched on 14 February 2024.",
    );
    const run = runOf(fork);
    for (const { draft, review } of run) {
      const flagged = review.checks.filter((c) => c.code === "unsupported_claim").map((c) => draft.body.slice(...c.span!));
      expect(flagged).toEqual([
        "We cut costs by 37% for teams like yours.",
        "Globex Industries is one of our happiest customers.",
        "We launched on 14 February 2024.",
      ]);
      expect(review.risk).toBe("high");
    }
  });

  it("a fork with one opening for everyone gets repeated_opening", () => {
    const run = runOf(production.userTemplate.replace("{{opening_line}}", "I hope this finds you well."));
    expect(run.every((d) => d.review.checks.some((c) => c.code === "repeated_opening"))).toBe(true);
  });
});
