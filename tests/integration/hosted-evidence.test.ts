import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto/secrets";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { EMPTY_OFFER } from "@/lib/offer/offer";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";
import { reviewOne } from "@/lib/pipeline/review-drafts";
import { runPrompt, type LeadInput, type PromptTarget, type RunnableVersion } from "@/lib/prompts/run-prompt";
import { limiterKeys } from "@/lib/providers/limiter";
import { redis } from "@/lib/redis";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";
import { startFakeChatServer } from "../helpers/fake-chat-server";

// Contract §13 on a hosted model: the draft stage's structured answer is asked for each sentence's
// sources (by the keys of this lead's own facts), and each cited source is verified against the
// sentence before it counts. A real HTTP server on loopback speaks OpenAI's protocol and answers
// with good citations, bad ones, or none; runPrompt reads the answer as a run does and reviewOne
// (lib/pipeline/review-drafts.ts) computes the evidence and checks stored on the draft.

const BODY = [
  "Hi Dana,",
  "",
  "I read that Northwind moved its payments stack to Kubernetes in March.",
  "Acme cut incident time by 43% in 2025.",
  "We also helped Globex save 12 hours a week.",
  "",
  "Best,",
  "Sam",
].join("\n");
const NOTE_SENTENCE = "I read that Northwind moved its payments stack to Kubernetes in March.";
const PROOF_SENTENCE = "Acme cut incident time by 43% in 2025.";
const INVENTED_SENTENCE = "We also helped Globex save 12 hours a week.";

// Which citations the model gives, by the lead's first name in the request.
const CITATIONS: Record<string, { sentence: string; sources: string[] }[] | undefined> = {
  Dana: [
    { sentence: "Northwind and Kubernetes", sources: ["lead.company", "note"] },
    { sentence: NOTE_SENTENCE, sources: ["note", "lead.company"] },
    { sentence: PROOF_SENTENCE, sources: ["offer.proof_points[0]"] },
    { sentence: INVENTED_SENTENCE, sources: [] },
  ],
  // Bad citations: the proof cited to the note and the product, the note's sentence also to the call to action.
  Dora: [
    { sentence: NOTE_SENTENCE, sources: ["note", "lead.company", "offer.call_to_action"] },
    { sentence: PROOF_SENTENCE, sources: ["note", "offer.product"] },
    { sentence: INVENTED_SENTENCE, sources: ["offer.proof_points[0]"] },
  ],
  // No evidence at all: read by overlap.
  Dina: undefined,
};

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
const providerId = `prv_test_${randomUUID()}`;

beforeAll(async () => {
  chat = await startFakeChatServer({
    draft: ({ user }) => {
      const name = Object.keys(CITATIONS).find((first) => user.includes(first));
      if (!name) return null;
      const cited = CITATIONS[name];
      return { subject: "Northwind and Kubernetes", body: BODY.replace("Dana", name), ...(cited ? { evidence: cited } : {}) };
    },
  });
});
afterAll(async () => {
  await chat.close();
  await redis().del(...Object.values(limiterKeys(providerId)));
});

const target = (): PromptTarget => ({
  slug: "fakeai",
  model: "test-model",
  provider: {
    id: providerId,
    workspaceId: "ws_test",
    slug: "fakeai",
    kind: "openai-compatible",
    baseUrl: chat.url,
    defaultModel: "test-model",
    maxConcurrency: 4,
    requestsPerMinute: 6_000,
    inputPriceMicros: 0,
    outputPriceMicros: 0,
    apiKeyEncrypted: encryptSecret("sk-fake-123"),
    apiKeyLast4: "-123",
    createdAt: new Date(),
    updatedAt: new Date(),
  } as Provider,
});

const production = SEED_PROMPTS.draft_email.at(-1)!;
const version: RunnableVersion = { ...production, prompt: { name: "draft_email" } } as unknown as RunnableVersion;
const offer = {
  ...EMPTY_OFFER,
  product: "Pagerly",
  proof_points: ["Acme cut incident time by 43% in 2025"],
  call_to_action: "Would a short call next week help?",
};

function leadOf(first: string): LeadInput {
  return {
    facts: {
      email: `${first.toLowerCase()}@northwind.example`,
      first_name: first,
      company: "Northwind",
      title: "VP Engineering",
      notes: "Moved their payments stack to Kubernetes in March",
    },
    signals: { intent: ["hiring"] },
    context: { icp: SAAS_OUTBOUND_ICP, offer, senderName: "Sam" },
  };
}

async function draftFor(first: string) {
  const input = leadOf(first);
  const ran = await runPrompt("draft_email", version, input, target());
  if (ran.kind !== "done" || ran.output.stage !== "draft_email") throw new Error(`not done: ${JSON.stringify(ran)}`);
  const output = ran.output;
  const review = reviewOne(
    { draft: output, lead: input.facts, signals: input.signals },
    { offer: input.context.offer, senderName: input.context.senderName, maxWords: 150 },
  );
  const sources = (start: string) => review.evidence.find((e) => e.sentence.startsWith(start))!.sources.map((s) => `${s.kind}:${s.field}`);
  const flagged = review.checks.filter((c) => c.code === "unsupported_claim").map((c) => (c.field === "body" ? output.body : output.subject).slice(...c.span!));
  return { output, review, sources, flagged };
}

describe("a hosted model's sources (contract §13)", () => {
  it("are asked for in the structured answer, by the keys of the lead's own facts", async () => {
    await draftFor("Dana");
    const asked = chat.seen.find((seen) => seen.user.includes("Dana"))!;
    expect(asked.system).toContain('"evidence": [{"sentence": string, "sources": [string]}]');
    for (const key of [
      "lead.first_name",
      "lead.company",
      "note",
      "signal.intent",
      "offer.product",
      "offer.proof_points[0]",
      "offer.call_to_action",
      "offer.sender_name",
    ])
      expect(asked.system).toContain(key);
  });

  it("good citations: each sentence's sources are the ones the model cited, verified", async () => {
    const { output, sources, flagged } = await draftFor("Dana");
    expect(output.cited).toHaveLength(4);
    expect(sources("I read that")).toEqual(["lead:company", "note:notes"]);
    expect(sources("Acme")).toEqual(["offer:proof_points[0]"]);
    // The model gave the invented sentence no source, and overlap finds none either.
    expect(sources("We also helped")).toEqual([]);
    expect(flagged).toEqual([INVENTED_SENTENCE]);
  });

  it("bad citations: a cited source whose text does not support the sentence is dropped", async () => {
    const { sources, flagged, review } = await draftFor("Dora");
    expect(sources("I read that")).toEqual(["lead:company", "note:notes"]); // not the call to action
    expect(sources("Acme")).toEqual([]); // neither the note nor the product says it: unsupported
    expect(sources("We also helped")).toEqual([]); // Acme's proof point is not Globex's
    expect(flagged).toEqual([PROOF_SENTENCE, INVENTED_SENTENCE]);
    expect(review.risk).toBe("high");
  });

  it("no citations: every sentence is read by overlap", async () => {
    const { output, sources, flagged } = await draftFor("Dina");
    expect(output.cited).toBeUndefined();
    expect(sources("I read that")).toEqual(expect.arrayContaining(["lead:company", "note:notes"]));
    expect(sources("Acme")).toContain("offer:proof_points[0]");
    expect(flagged).toEqual([INVENTED_SENTENCE]);
  });
});
