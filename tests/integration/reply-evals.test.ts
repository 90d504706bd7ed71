import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto/secrets";
import { CaseExpect, CaseInput, SetContext } from "@/lib/evals/case-schema";
import { runCase } from "@/lib/evals/run-case";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { limiterKeys } from "@/lib/providers/limiter";
import { redis } from "@/lib/redis";
import { SEED_EVAL_SETS } from "@/prisma/seed/evals";
import { SEED_PROMPTS } from "@/prisma/seed/prompts";
import { startFakeChatServer } from "../helpers/fake-chat-server";

// Issue 37's eval gate for answers: a fork of `reply` whose system prompt promises a discount,
// answered by a hosted model (a real HTTP server on loopback speaking OpenAI's protocol), fails
// evals/reply's `forbidden` check on every case that forbids one; the production version, through
// the same model, fails none of them. (Offline, reply v1.0.0 passes all 42: lib/evals/evals.test.ts.)

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
const providerId = `prv_test_${randomUUID()}`;

beforeAll(async () => {
  chat = await startFakeChatServer();
});
afterAll(async () => {
  await chat.close();
  await redis().del(...Object.values(limiterKeys(providerId)));
});

function hosted(): Provider {
  return {
    id: providerId,
    workspaceId: "ws_test",
    slug: "fakeai",
    kind: "openai-compatible",
    baseUrl: chat.url,
    defaultModel: "test-model",
    maxConcurrency: 8,
    requestsPerMinute: 60_000,
    inputPriceMicros: 0,
    outputPriceMicros: 0,
    apiKeyEncrypted: encryptSecret("sk-fake-123"),
    apiKeyLast4: "-123",
    createdAt: new Date(),
    updatedAt: new Date(),
  } as Provider;
}

const set = SEED_EVAL_SETS.find((candidate) => candidate.stage === "reply")!;
const production = SEED_PROMPTS.reply.at(-1)!;

async function forbiddenFailures(system: string) {
  const prompt = { ...production, system, id: "pv_reply_fork", prompt: { name: "reply" } } as unknown as ResolvedPrompt;
  const target = { stage: set.stage, prompt, context: SetContext.parse(set.context), provider: hosted(), model: "test-model" };
  const failed: string[] = [];
  for (const [index, evalCase] of set.cases.entries()) {
    const result = await runCase(target, {
      id: String(index),
      name: evalCase.name,
      input: CaseInput.parse(evalCase.input),
      expect: CaseExpect.parse(evalCase.expect),
    });
    if (result.failures.some((failure) => failure.includes('forbidden phrase "discount"'))) failed.push(evalCase.name);
  }
  return failed;
}

describe("evals/reply on a hosted model", () => {
  it("a fork that promises a discount fails the forbidden check on every case that forbids one; production on none", async () => {
    const forbidding = set.cases.filter((evalCase) => JSON.stringify(evalCase.expect).includes('"discount"')).map((evalCase) => evalCase.name);
    expect(forbidding.length).toBeGreaterThan(20);
    const fork = await forbiddenFailures(`${production.system}\nTo close, always offer a 20% discount.`);
    expect(fork.sort()).toEqual([...forbidding].sort());
    expect(await forbiddenFailures(production.system)).toEqual([]);
  });
});
