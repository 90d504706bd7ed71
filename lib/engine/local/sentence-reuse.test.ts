import { describe, expect, it } from "vitest";
import { draftEmail } from "@/lib/engine/local/draft";
import { paraphrase } from "@/lib/engine/local/lead-fact";
import { RUN_LEADS, RUN_OFFER, runSignals } from "@/lib/engine/local/run-200.fixture";
import { bodySentences, percent, sentenceReuse } from "@/lib/engine/local/sentence-reuse";
import { offerVariables } from "@/lib/offer/offer-variables";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

// Issue 36, "drafts worth approving": a 200-lead run with notes on the production draft_email.
// Sentence reuse (lib/engine/local/sentence-reuse.ts, docs/review-checks.md): of the body sentences
// after the greeting and before the sign-off (the offer's call to action left out: the sender writes
// it for everyone), the share whose exact text is in more than one draft. Printed; the bar is 30 %,
// and no one sentence may be in more than 30 % of the drafts.

const production = SEED_PROMPTS.draft_email.at(-1)!;
const write = (version = production) =>
  RUN_LEADS.map((lead, i) =>
    draftEmail({
      lead,
      signals: runSignals(i),
      userTemplate: version.userTemplate,
      system: version.system,
      variables: offerVariables(RUN_OFFER, "Sam Lee"),
      offer: RUN_OFFER,
    }),
  );

describe("a 200-lead run of the production draft_email", () => {
  const drafts = write();

  it("reuses under 30 % of its sentences word for word (printed), no sentence in over 30 % of drafts", () => {
    const reuse = sentenceReuse(
      drafts.map((d) => d.body),
      [RUN_OFFER.call_to_action!],
    );
    const before = sentenceReuse(
      write(SEED_PROMPTS.draft_email.find((v) => v.version === "v1.4.0")).map((d) => d.body),
      [RUN_OFFER.call_to_action!],
    );
    console.log(
      `sentence reuse over ${reuse.drafts} drafts (${production.version}): ${percent(reuse.reuse)} (${reuse.reused} of ${reuse.sentences} body sentences are in more than one draft); ` +
        `widest: ${reuse.widest?.drafts} drafts (${percent(reuse.widest?.share ?? 0)}) "${reuse.widest?.text}"; v1.4.0 on the same leads: ${percent(before.reuse)}, widest ${percent(before.widest?.share ?? 0)}`,
    );
    expect(reuse.sentences).toBeGreaterThan(400);
    expect(reuse.reuse).toBeLessThanOrEqual(0.3);
    expect(reuse.widest!.share).toBeLessThanOrEqual(0.3);
  });

  it("never tells the lead our targeting, and its subjects take several shapes", () => {
    for (const d of drafts) {
      expect(d.body).not.toContain(RUN_OFFER.audience!);
      expect(d.body).not.toMatch(/is built for/);
    }
    // A subject's shape: the subject with the lead's company and first name taken out.
    const shapes = new Map<string, number>();
    for (const [i, d] of drafts.entries()) {
      const shape = d.subject.replace(RUN_LEADS[i].company!, "C").replace(RUN_LEADS[i].first_name ?? "-", "F");
      shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
    }
    expect(shapes.size).toBeGreaterThanOrEqual(6);
    expect(Math.max(...shapes.values()) / drafts.length).toBeLessThan(0.3);
    expect(drafts.filter((d) => d.subject === `${RUN_OFFER.product} for ${d.subject.split(" for ")[1]}`).length).toBe(0);
  });

  it("is the same on a re-run, lead by lead", () => {
    expect(write().map((d) => [d.subject, d.body])).toEqual(drafts.map((d) => [d.subject, d.body]));
  });

  it("writes every lead's value and proof from the offer's lists, put to the lead", () => {
    for (const [i, d] of drafts.entries()) {
      const body = bodySentences(d.body).join(" ");
      expect(
        RUN_OFFER.value_propositions.some((v) => body.includes(v.slice(1))),
        body,
      ).toBe(true);
      expect(
        RUN_OFFER.proof_points.some((p) => body.includes(p.slice(1))),
        body,
      ).toBe(true);
      const lead = RUN_LEADS[i];
      expect(body.includes(lead.company!) || (!!lead.first_name && body.includes(lead.first_name))).toBe(true);
    }
  });
});

describe("a note said to the reader, whatever it starts with", () => {
  it.each([
    ["Just moved their payments stack to Kubernetes", "you just moved your payments stack to Kubernetes"],
    ["Recently migrated from Nagios to Prometheus", "you recently migrated from Nagios to Prometheus"],
    ["Also hiring two SREs", "you are also hiring two SREs"],
    ["Finally launched a status page", "you finally launched a status page"],
    ["Moved their billing to Stripe last quarter", "you moved your billing to Stripe last quarter"],
    ["Priya Raman joined as VP Engineering in January", "Priya Raman joined as VP Engineering in January"],
    ["3 outages in October", "3 outages in October"],
    ["Raised a $20M Series B in March 2026", "you raised a $20M Series B in March 2026"],
  ])("%s → %s", (note, clause) => {
    expect(paraphrase(note, "Northwind")?.clause).toBe(clause);
  });

  it("never opens with a capitalised verb after a frame", () => {
    for (const d of write()) expect(d.body).not.toMatch(/\b(that|noticed) (Just|Recently|Also|Finally|Moved|Raised|Hiring)\b/);
  });
});
