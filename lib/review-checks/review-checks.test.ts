import { describe, expect, it } from "vitest";
import { reviewDraft, type DraftSources, type ReviewInput } from "@/lib/review-checks";

const sources: DraftSources = {
  lead: {
    first_name: "Dana",
    company: "Northwind",
    title: "VP Engineering",
    industry: "software",
    employees: 400,
    notes: "Moved their payments stack to Kubernetes in March",
  },
  signals: { intent: ["hiring"] },
  offer: {
    product: "Pagerly",
    value_propositions: ["Cuts the time to resolve incidents"],
    proof_points: ["Acme cut incident time by 43% in 2025"],
    call_to_action: "Would a 15-minute call next week be useful?",
    website: "https://pagerly.io",
  },
  senderName: "Sam Lee",
};
const review = (body: string, extra: Partial<ReviewInput> = {}) => reviewDraft({ subject: "Pagerly for Northwind", body, sources, ...extra });
const codes = (r: ReturnType<typeof review>) => r.checks.map((c) => c.code);
const spanText = (text: string, span: [number, number] | null) => (span ? text.slice(...span) : null);

const clean =
  "Hi Dana,\n\nI read that Northwind moved its payments stack to Kubernetes in March.\nAcme cut incident time by 43% in 2025.\n\nWould a 15-minute call next week be useful?\n\nBest,\nSam Lee";

describe("reviewDraft", () => {
  it("an answer in German: its capitalised nouns are no names, its invented numbers still are claims", () => {
    const german =
      "Hallo Dana,\n\nVielen Dank für Ihre Antwort.\nSchön, dass Sie sprechen möchten.\nHier können Sie einen passenden Termin wählen.\n\nViele Grüße,\nSam Lee";
    expect(review(german).checks).toEqual([]);
    const priced = review(german.replace("wählen.", "wählen, es kostet nur 99 Euro im Monat."));
    expect(priced.checks.map((c) => [c.code, spanText(german.replace("wählen.", "wählen, es kostet nur 99 Euro im Monat."), c.span)])).toEqual([
      ["unsupported_claim", "Hier können Sie einen passenden Termin wählen, es kostet nur 99 Euro im Monat."],
    ]);
    // English with invented names is still read for names.
    expect(codes(review(clean.replace("Acme cut", "Globex and Initech cut")))).toContain("unsupported_claim");
  });

  it("a draft made of its sources has no checks, low risk, and each sentence's sources", () => {
    const r = review(clean);
    expect(r.checks).toEqual([]);
    expect(r.risk).toBe("low");
    const note = r.evidence.find((e) => e.sentence.startsWith("I read that"))!;
    expect(note.sources.map((s) => `${s.kind}:${s.field}`)).toContain("note:notes");
    expect(r.evidence.find((e) => e.sentence.startsWith("Acme"))!.sources.map((s) => s.field)).toContain("proof_points[0]");
    expect(r.evidence[0]).toMatchObject({ field: "subject", sentence: "Pagerly for Northwind" });
  });

  it("unsupported_claim: an invented number, customer name and date, each on its own sentence, with spans", () => {
    const body =
      "Hi Dana,\n\nWe cut costs by 37% for teams like yours.\nGlobex is one of our happiest customers.\nWe launched on 14 February 2024.\nWould a 15-minute call next week be useful?\n\nBest,\nSam Lee";
    const r = review(body);
    const claims = r.checks.filter((c) => c.code === "unsupported_claim");
    expect(claims.map((c) => spanText(body, c.span))).toEqual([
      "We cut costs by 37% for teams like yours.",
      "Globex is one of our happiest customers.",
      "We launched on 14 February 2024.",
    ]);
    expect(claims.every((c) => c.severity === "block" && c.field === "body")).toBe(true);
    expect(r.risk).toBe("high");
  });

  it('a company name ending in an abbreviation at the end of a sentence is its source\'s ("Co." is "Co")', () => {
    const r = reviewDraft({
      subject: "A summary",
      body: "Hi Dee,\n\nIf it is useful, I can send a short summary for Dee Co.\n\nBest,\nSam Lee",
      sources: { ...sources, lead: { first_name: "Dee", company: "Dee Co" } },
    });
    expect(r.checks.filter((c) => c.code === "unsupported_claim")).toEqual([]);
  });

  it("a postscript's P.S. is no name", () => {
    const r = review(clean.replace("Sam Lee", "Sam Lee\nP.S. Happy to share more details."));
    expect(r.checks.filter((c) => c.code === "unsupported_claim")).toEqual([]);
  });

  it("unsupported_claim in the subject", () => {
    const r = reviewDraft({ subject: "Pagerly saved Initech 80 hours", body: clean, sources });
    expect(r.checks).toMatchObject([{ code: "unsupported_claim", field: "subject", span: [0, 30] }]);
  });

  it("spam_phrase: each phrase with its span, a warning", () => {
    const body = "Hi Dana,\n\nPagerly is 100% free this month, act now.\n\nBest,\nSam Lee";
    const spam = review(body).checks.filter((c) => c.code === "spam_phrase");
    expect(spam.map((c) => spanText(body, c.span))).toEqual(["100% free", "act now"]);
    expect(spam[0].severity).toBe("warn");
    const r = review("Hi Dana,\n\nAct now: Pagerly cuts the time to resolve incidents.\n\nBest,\nSam Lee");
    expect(r.checks).toMatchObject([{ code: "spam_phrase", span: [10, 17] }]);
    expect(r.risk).toBe("medium");
  });

  it("unresolved_variable blocks, with the placeholder's span", () => {
    const body = "Hi {{first_name}},\n\nWould a 15-minute call next week be useful?\n\nBest,\nSam Lee";
    const r = review(body);
    expect(r.checks).toMatchObject([{ code: "unresolved_variable", severity: "block", span: [3, 17] }]);
  });

  it("link: another host warns, the offer's website (and its subdomains) does not", () => {
    const body = "Hi Dana,\n\nSee https://pagerly.io/demo and https://docs.pagerly.io/start or https://evil.example.com/x.\n\nBest,\nSam Lee";
    const r = review(body);
    expect(r.checks.filter((c) => c.code === "link").map((c) => spanText(body, c.span))).toEqual(["https://evil.example.com/x"]);
    const noSite = reviewDraft({ subject: "x", body, sources: { ...sources, offer: { ...sources.offer, website: null } } });
    expect(noSite.checks.filter((c) => c.code === "link")).toHaveLength(3);
  });

  it("sender_mismatch: a sign-off name other than the From name", () => {
    const body = "Hi Dana,\n\nWould a 15-minute call next week be useful?\n\nBest,\nJordan Smith";
    const r = review(body);
    expect(r.checks.find((c) => c.code === "sender_mismatch")).toMatchObject({ severity: "warn", span: [body.indexOf("Jordan"), body.length] });
    expect(codes(review(body.replace("Jordan Smith", "Sam")))).not.toContain("sender_mismatch");
  });

  it("too_long: over the pack's max_words, info", () => {
    const body = `Hi Dana,\n\n${"Pagerly helps teams. ".repeat(20)}\n\nBest,\nSam Lee`;
    expect(review(body, { maxWords: 50 }).checks).toMatchObject([{ code: "too_long", severity: "info", span: null }]);
    expect(codes(review(body))).not.toContain("too_long");
  });

  it("repeated_opening: the first sentence after the greeting seen in 3 other drafts of the run", () => {
    const r = review(clean);
    const counts = new Map([[r.opening!, 3]]);
    const again = review(clean, { openingCounts: counts });
    expect(again.checks).toMatchObject([
      { code: "repeated_opening", severity: "info", span: [10, 10 + "I read that Northwind moved its payments stack to Kubernetes in March.".length] },
    ]);
    expect(again.risk).toBe("low");
    expect(review(clean, { openingCounts: new Map([[r.opening!, 2]]) }).checks).toEqual([]);
  });

  it("written lines: a sentence's sources are its template variables' sources", () => {
    const body = "Hi Dana,\n\nPagerly is built for you.\nOur customer Globex saved 12 hours.\n\nBest,\nSam Lee";
    const written = [
      { text: "Hi Dana,", names: ["first_name"] },
      { text: "Pagerly is built for you.", names: ["product"] },
      { text: "Our customer Globex saved 12 hours.", names: [] },
      { text: "Best,", names: [] },
      { text: "Sam Lee", names: ["sender_name"] },
    ];
    const r = review(body, { written });
    // The subject is not among the written lines: its sources are read by overlap.
    expect(r.evidence.map((e) => e.sources.map((s) => s.field))).toEqual([["company", "product"], ["first_name"], ["product"], [], [], ["sender_name"]]);
    expect(r.checks.map((c) => spanText(body, c.span))).toEqual(["Our customer Globex saved 12 hours."]);
  });
});

describe("a hosted model's citations (contract §13)", () => {
  const body =
    "Hi Dana,\n\nI read that Northwind moved its payments stack to Kubernetes in March.\nAcme cut incident time by 43% in 2025.\n\nWould a 15-minute call next week be useful?\n\nBest,\nSam Lee";
  const sourcesOf = (r: ReturnType<typeof review>, start: string) =>
    r.evidence.find((e) => e.sentence.startsWith(start))!.sources.map((s) => `${s.kind}:${s.field}`);

  it("keep a cited source whose text supports the sentence, and only those", () => {
    const r = review(body, {
      cited: [
        { sentence: "I read that Northwind moved its payments stack to Kubernetes in March.", sources: ["note", "lead.company"] },
        { sentence: "Acme cut incident time by 43% in 2025.", sources: ["offer.proof_points[0]"] },
      ],
    });
    expect(sourcesOf(r, "I read that")).toEqual(["lead:company", "note:notes"]);
    expect(sourcesOf(r, "Acme")).toEqual(["offer:proof_points[0]"]);
    expect(r.checks).toEqual([]);
    // The model's word is what counts: citing the note alone leaves "Northwind" without a source.
    const noteOnly = review(body, { cited: [{ sentence: "I read that Northwind moved its payments stack to Kubernetes in March.", sources: ["note"] }] });
    expect(noteOnly.checks.map((c) => [c.code, c.message])).toEqual([["unsupported_claim", expect.stringContaining('"Northwind"')]]);
  });

  it("drop a cited source that does not support the sentence: a claim left without one is unsupported", () => {
    const r = review(body, {
      cited: [
        // The note says nothing of Acme's 43%; the product's name supports nothing here.
        { sentence: "Acme cut incident time by 43% in 2025.", sources: ["note", "offer.product"] },
        { sentence: "I read that Northwind moved its payments stack to Kubernetes in March.", sources: ["note", "lead.company", "signal.intent"] },
      ],
    });
    expect(sourcesOf(r, "Acme")).toEqual([]);
    expect(sourcesOf(r, "I read that")).toEqual(["lead:company", "note:notes"]);
    expect(r.checks.map((c) => [c.code, spanText(body, c.span)])).toEqual([["unsupported_claim", "Acme cut incident time by 43% in 2025."]]);
  });

  it("read by overlap a sentence the model cited nothing usable for (no entry, [], keys that name nothing)", () => {
    const overlap = review(body);
    for (const cited of [
      [],
      [{ sentence: "Acme cut incident time by 43% in 2025.", sources: [] }],
      [{ sentence: "Acme cut incident time", sources: ["lead.nothing", "crm.x"] }],
    ]) {
      const r = review(body, { cited });
      expect(r.evidence).toEqual(overlap.evidence);
      expect(r.checks).toEqual([]);
    }
  });

  it("a key names everything under it, in any case, with plural kinds", () => {
    const r = review(body, { cited: [{ sentence: "acme cut incident time by 43% in 2025", sources: ["Offer.Proof_Points", "signals"] }] });
    expect(sourcesOf(r, "Acme")).toEqual(["offer:proof_points[0]"]);
  });
});
