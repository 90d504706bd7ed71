import { describe, expect, it } from "vitest";
import { draftEmail } from "@/lib/engine/local/draft";
import { RUN_LEADS, RUN_OFFER, runSignals } from "@/lib/engine/local/run-200.fixture";
import { offerVariables } from "@/lib/offer/offer-variables";
import { reviewDraft, type DraftSources } from "@/lib/review-checks";
import { sourceWords } from "@/lib/review-checks/evidence";
import { maskableValues, maskedSentences } from "@/lib/review-checks/masked";
import { sentences, wordSet } from "@/lib/review-checks/nlp";
import { listSources } from "@/lib/review-checks/sources";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

// The lead's values masked while wink-nlp reads a line (lib/review-checks/masked.ts) read a draft as
// the unmasked reading does: the same sentences and spans, the same claims outside the values.

const keysOutside = (claims: { keys: string[] }[], masked: string[]) => {
  const inValues = new Set(masked.flatMap((value) => [...wordSet(value)]));
  return [...new Set(claims.flatMap((c) => c.keys).filter((k) => !inValues.has(k)))].sort();
};

describe("masked reading", () => {
  it("reads every draft of the 200-lead run, for each draft_email version, as the unmasked reading does", () => {
    const variables = offerVariables(RUN_OFFER, "Sam Lee");
    let sentencesRead = 0;
    let withMasks = 0;
    for (const version of SEED_PROMPTS.draft_email)
      for (const [i, lead] of RUN_LEADS.entries()) {
        const draft = draftEmail({ lead, signals: runSignals(i), userTemplate: version.userTemplate, system: version.system, variables, offer: RUN_OFFER });
        const all = sourceWords(listSources({ lead: lead as Record<string, unknown>, signals: runSignals(i), offer: RUN_OFFER, senderName: "Sam Lee" }));
        const values = maskableValues(all.filter((s) => s.source.kind === "lead").map((s) => s.source.text));
        for (const text of [draft.subject, draft.body]) {
          const plain = sentences(text);
          const masked = maskedSentences(text, values);
          expect(masked.map((s) => [s.text, s.span])).toEqual(plain.map((s) => [s.text, s.span]));
          masked.forEach((s, k) => expect(keysOutside(s.claims, s.masked)).toEqual(keysOutside(plain[k].claims, s.masked)));
          sentencesRead += plain.length;
          withMasks += masked.filter((s) => s.masked.length).length;
        }
      }
    expect(sentencesRead).toBeGreaterThan(5000);
    expect(withMasks).toBeGreaterThan(1000); // the masks were used, not only the fallback
  });

  it("an invented name or number beside a masked value is still a claim; a value the sentence has no source for is read unmasked", () => {
    const sources: DraftSources = { lead: { first_name: "Dana", company: "Northwind" }, offer: { product: "Pagerly" }, senderName: "Sam Lee" };
    const body = "Hi Dana,\n\nNorthwind and Initech cut their pages by 40 with Pagerly.\n\nBest,\nSam Lee";
    const r = reviewDraft({ subject: "Pagerly for Northwind", body, sources });
    expect(r.checks.map((c) => [c.code, body.slice(...c.span!)])).toEqual([["unsupported_claim", "Northwind and Initech cut their pages by 40 with Pagerly."]]);
    expect(r.checks[0].message).toContain('"Initech"');
    expect(r.checks[0].message).toContain('"40"');
    expect(r.checks[0].message).not.toContain("Zqx");
    // The local engine's line says its sentence came from the product alone: "Northwind" in it is no masked value then.
    const written = reviewDraft({
      subject: "Pagerly",
      body: "Pagerly helps Northwind.",
      sources,
      written: [{ text: "Pagerly helps Northwind.", names: ["product"] }],
    });
    expect(written.checks).toMatchObject([{ code: "unsupported_claim" }]);
    expect(written.checks[0].message).toContain('"Northwind"');
  });
});
