import { describe, expect, it } from "vitest";
import { CaseExpect, CaseInput, caseProblems, SetContext } from "@/lib/evals/case-schema";
import { checkDraft, inventedFacts } from "@/lib/evals/checks";
import { runCase } from "@/lib/evals/run-case";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { SEED_EVAL_SETS } from "@/prisma/seed/evals";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";

// The built-in eval sets and the offline engine that scores them: every set complete and at least
// 40 cases, the same figures on every pass, versions that really differ, and the draft checks.

const asPrompt = (stage: string, version: (typeof SEED_PROMPTS)[string][number]) =>
  ({ ...version, id: `pv_${version.version}`, prompt: { name: stage } }) as unknown as ResolvedPrompt;

async function score(setIndex: number, version: (typeof SEED_PROMPTS)[string][number]) {
  const set = SEED_EVAL_SETS[setIndex];
  const target = { stage: set.stage, prompt: asPrompt(set.stage, version), context: SetContext.parse(set.context), provider: null, model: "leadpipe-2" };
  let passed = 0;
  let valid = 0;
  for (const [index, evalCase] of set.cases.entries()) {
    const result = await runCase(target, {
      id: String(index),
      name: evalCase.name,
      input: CaseInput.parse(evalCase.input),
      expect: CaseExpect.parse(evalCase.expect),
    });
    passed += Number(result.passed);
    valid += Number(result.valid);
  }
  return { passed, valid };
}

describe("built-in eval sets", () => {
  it("cover every stage with at least 40 complete cases, unique names, one ref per stage", () => {
    expect(SEED_EVAL_SETS.map((set) => set.stage).sort()).toEqual(["draft_email", "extract_signals", "follow_up", "qualify", "reply", "track"]);
    for (const set of SEED_EVAL_SETS) {
      expect(set.cases.length, set.ref).toBeGreaterThanOrEqual(40);
      expect(new Set(set.cases.map((c) => c.name)).size, set.ref).toBe(set.cases.length);
      for (const evalCase of set.cases)
        expect(caseProblems(set.stage, CaseInput.parse(evalCase.input), CaseExpect.parse(evalCase.expect)), evalCase.name).toEqual([]);
      for (const version of SEED_PROMPTS[set.stage]) expect(version.evalsRef).toBe(set.ref);
    }
  });

  // Scores every case of every shipped version twice (about 1,000 drafts and answers): seconds on a loaded machine.
  it("score every shipped version offline with the same figures on every pass", { timeout: 60_000 }, async () => {
    const figures: Record<string, { passed: number; valid: number }> = {};
    for (const [index, set] of SEED_EVAL_SETS.entries()) {
      for (const version of SEED_PROMPTS[set.stage]) {
        const first = await score(index, version);
        expect(await score(index, version)).toEqual(first);
        figures[`${set.stage} ${version.version}`] = first;
      }
    }
    expect(figures).toEqual({
      "extract_signals v1.0.0": { passed: 17, valid: 42 },
      "extract_signals v1.1.0": { passed: 32, valid: 42 },
      "extract_signals v1.2.0": { passed: 40, valid: 42 },
      "qualify v1.0.0": { passed: 40, valid: 44 },
      "qualify v1.1.0": { passed: 38, valid: 44 },
      "qualify v1.2.0": { passed: 38, valid: 44 },
      // Every draft is also read by the review checks (issue 36): unsupported_claim and spam_phrase
      // fail it. v1.0.0's subject and v1.2.0's body name "LeadPipe", a product in none of the
      // sources (the offer sells Pipewise): a reviewer would see those drafts blocked, so 64 of
      // v1.0.0's cases (21 before) and 64 of v1.2.0's (32 before) fail. v1.1.0–v1.3.0 say
      // "Congratulations on …'s recent funding round" to funded leads, a spam-filter trigger phrase
      // (v1.1.0 in mid-sentence, capitalised, also an unsupported name): on 4 cases each, 2 or 3 of
      // which passed before.
      "draft_email v1.0.0": { passed: 4, valid: 68 },
      "draft_email v1.1.0": { passed: 30, valid: 68 },
      "draft_email v1.2.0": { passed: 4, valid: 68 },
      // The 25 opener cases (issue 29) ask for the lead's note, event or signal in the opening line
      // and forbid "because of your role" and "I work on": v1.3.0 passes none of them, v1.4.0 all.
      "draft_email v1.3.0": { passed: 38, valid: 68 },
      // The two issue-36 cases forbid the offer's audience in the draft ("is built for …"): v1.4.0 says it.
      "draft_email v1.4.0": { passed: 66, valid: 68 },
      "draft_email v1.5.0": { passed: 68, valid: 68 },
      "track v1.0.0": { passed: 20, valid: 44 },
      "track v1.1.0": { passed: 33, valid: 44 },
      "track v1.2.0": { passed: 44, valid: 44 },
      "follow_up v1.0.0": { passed: 42, valid: 42 },
      "follow_up v1.1.0": { passed: 42, valid: 42 },
      "reply v1.0.0": { passed: 42, valid: 42 },
    });
  });

  it("mark an answer in another shape than the stage's contract invalid", async () => {
    const qualify = SEED_PROMPTS.qualify[2];
    const broken = { ...qualify, userTemplate: qualify.userTemplate.replace(/Return .*$/, 'Return {"fit": boolean}.') };
    expect(
      await score(
        SEED_EVAL_SETS.findIndex((set) => set.stage === "qualify"),
        broken,
      ),
    ).toEqual({ passed: 0, valid: 0 });
  });
});

// Issue 36: the review checks a reviewer sees are eval checks too, so a fork that invents facts or
// writes like spam fails its evaluation before any draft of it reaches a reviewer.
describe("review checks in evaluations", { timeout: 60_000 }, () => {
  const setIndex = SEED_EVAL_SETS.findIndex((set) => set.stage === "draft_email");
  const set = SEED_EVAL_SETS[setIndex];
  const production = SEED_PROMPTS.draft_email.at(-1)!;
  const fork = (line: string) => ({
    ...production,
    version: `${production.version}-fork`,
    userTemplate: production.userTemplate.replace("{{proof_line}}", `{{proof_line}}\n${line}`),
  });

  async function results(version: typeof production, allow?: string[]) {
    const target = { stage: set.stage, prompt: asPrompt(set.stage, version), context: SetContext.parse(set.context), provider: null, model: "leadpipe-2" };
    return Promise.all(
      set.cases.map((evalCase, index) => {
        const expect = CaseExpect.parse(evalCase.expect);
        if (allow) expect.draft = { ...expect.draft, allow_checks: allow as ("unsupported_claim" | "spam_phrase")[] };
        return runCase(target, { id: String(index), name: evalCase.name, input: CaseInput.parse(evalCase.input), expect });
      }),
    );
  }

  it("fail every case of a fork that invents a number, a customer name and a date, naming unsupported_claim and the sentences", async () => {
    const invented = fork("We cut costs by 37% for teams like yours.\nGlobex Industries is one of our happiest customers.\nWe launched on 14 February 2024.");
    const all = await results(invented);
    expect(all.filter((r) => r.passed)).toEqual([]);
    for (const result of all) {
      const claims = result.failures.filter((f) => f.startsWith("unsupported_claim: "));
      expect(claims, result.outputText).toEqual([
        expect.stringContaining('(body: "We cut costs by 37% for teams like yours.")'),
        expect.stringContaining('(body: "Globex Industries is one of our happiest customers.")'),
        expect.stringContaining('(body: "We launched on 14 February 2024.")'),
      ]);
      expect(claims[0]).toContain('"37%"');
      expect(claims[1]).toContain('"Globex Industries"');
      expect(claims[2]).toContain("14 February 2024");
      expect(result.failures.filter((f) => !f.startsWith("unsupported_claim: "))).toEqual([]);
    }
    // A case that allows the check lets the draft through on it.
    expect((await results(invented, ["unsupported_claim"])).every((r) => r.passed)).toBe(true);
  });

  it('fail every case of a fork that says "100% free" and "act now", naming spam_phrase', async () => {
    const all = await results(fork("It is 100% free for your team, so act now."));
    expect(all.filter((r) => r.passed)).toEqual([]);
    for (const result of all) {
      const spam = result.failures.filter((f) => f.startsWith("spam_phrase: "));
      expect(spam.join(" ").toLowerCase(), result.outputText).toContain('"100% free"');
      expect(spam.join(" ").toLowerCase()).toContain('"act now"');
    }
    expect((await results(fork("It is 100% free for your team, so act now."), ["spam_phrase", "unsupported_claim"])).every((r) => r.passed)).toBe(true);
  });

  it("pass the production version's cases without a review check", async () => {
    const all = await results(production);
    expect(all.flatMap((r) => r.failures)).toEqual([]);
  });
});

describe("draft checks", () => {
  const sources = 'Dana Northwind Cloud {"product":"Pipewise"} Hi {{first_name}}, would a 15-minute call help?';
  it("find numbers and names that are not in the input", () => {
    expect(inventedFacts("Hi Dana, Northwind Cloud could save 40% like Acme did. Would a 15-minute call help?", sources)).toEqual(["40%", "Acme"]);
    expect(inventedFacts("Hi Dana,\n\nThanks. Pipewise helps Northwind Cloud.", sources)).toEqual([]);
  });
  it("check the opening line after the greeting", () => {
    const draft = { subject: "Pipewise for Northwind Cloud", body: "Hi Dana,\n\nSaw that your job ad mentions chasing unpaid balances.\nPipewise helps." };
    expect(checkDraft(draft, { opening_mentions: ["job ad", "unpaid balances"] }, sources)).toEqual([]);
    expect(
      checkDraft({ ...draft, body: "Hello,\n\nPipewise helps.\nYour job ad mentions unpaid balances." }, { opening_mentions: ["unpaid balances"] }, sources),
    ).toEqual(['The opening line does not mention "unpaid balances".']);
  });
  it("check mentions, forbidden phrases and the word limit", () => {
    const draft = { subject: "Pipewise for Northwind Cloud", body: "Hi Dana, we guarantee results. ".repeat(5) };
    expect(checkDraft(draft, { must_mention: ["Dana", "hiring"], forbidden: ["guarantee"], max_words: 10, no_invented_facts: true }, sources)).toEqual([
      'Does not mention "hiring".',
      'Contains the forbidden phrase "guarantee".',
      "The body has 25 words, over the limit of 10.",
    ]);
  });
});
