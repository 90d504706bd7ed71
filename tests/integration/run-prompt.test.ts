import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto/secrets";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { EMPTY_OFFER } from "@/lib/offer/offer";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";
import { MAX_ASKS } from "@/lib/prompts/ask-model";
import { runPrompt, type LeadInput, type PromptTarget, type RunnableVersion } from "@/lib/prompts/run-prompt";
import { limiterKeys } from "@/lib/providers/limiter";
import { redis } from "@/lib/redis";
import { FAKE_USAGE, startFakeAnthropicServer } from "../helpers/fake-anthropic-server";
import { startFakeChatServer } from "../helpers/fake-chat-server";

// runPrompt on hosted providers: real HTTP servers on loopback speaking the openai-compatible and
// Anthropic protocols (tests/helpers), through the official clients and the Redis limiter. A
// done answer with its tokens and cost, an answer that is never JSON (asked MAX_ASKS times, then
// invalid, every ask counted), a 429 (later, with its Retry-After), a refused key and an
// unreachable provider, a fenced answer, track's categories, and the provider's concurrency held.

const version = (name: string, system: string, userTemplate: string): RunnableVersion => ({
  version: "v1.0.0",
  modelDefault: "x/y",
  system,
  userTemplate,
  prompt: { name },
});
const QUALIFY = version("qualify", "You score one lead against the ideal customer profile.", "Lead: {{first_name}}, {{title}} at {{company}}.");
const DRAFT = version("draft_email", "You write one short email.", "Hi {{first_name}} at {{company}}.");
const TRACK = version(
  "track",
  "You classify a reply to a sales email. Categories: interested, meeting_request, unsubscribe, other.",
  "From {{from}}: {{text}}",
);

const lead = (firstName: string): LeadInput => ({
  facts: { email: `${firstName.toLowerCase()}@example.com`, first_name: firstName, title: "VP Engineering", company: "Analytical" },
  signals: null,
  context: { icp: SAAS_OUTBOUND_ICP, offer: EMPTY_OFFER, senderName: "Sam" },
});

const providerIds: string[] = [];
function provider(kind: string, baseUrl: string, over: Partial<Provider> = {}): PromptTarget {
  const id = `prv_test_${randomUUID()}`;
  providerIds.push(id);
  const row: Provider = {
    id,
    workspaceId: "ws_test",
    slug: kind === "anthropic" ? "claude" : "fakeai",
    kind,
    baseUrl,
    defaultModel: "test-model",
    maxConcurrency: 4,
    requestsPerMinute: 6_000,
    inputPriceMicros: 1_000_000,
    outputPriceMicros: 2_000_000,
    apiKeyEncrypted: encryptSecret("sk-fake-123"),
    apiKeyLast4: "-123",
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  };
  return { slug: row.slug, model: "test-model", provider: row };
}

let chat: Awaited<ReturnType<typeof startFakeChatServer>>;
let claude: Awaited<ReturnType<typeof startFakeAnthropicServer>>;

beforeAll(async () => {
  chat = await startFakeChatServer();
  claude = await startFakeAnthropicServer({ delayMs: 50 });
});

afterAll(async () => {
  await Promise.all([chat.close(), claude.close()]);
  for (const id of providerIds) await redis().del(...Object.values(limiterKeys(id)));
});

describe("runPrompt on an openai-compatible provider", () => {
  it("renders the version, reads the answer in the stage's contract and prices the call", async () => {
    const target = provider("openai-compatible", chat.url);
    const ran = await runPrompt("qualify", QUALIFY, lead("Ada"), target);
    // 42 input tokens at 1 USD and 17 output tokens at 2 USD per million: 42 + 34 micro-dollars.
    expect(ran).toMatchObject({
      kind: "done",
      provider: "fakeai",
      model: "test-model",
      output: { stage: "qualify", qualified: true, score: 88, reasons: ["Fits the profile"] },
      inputTokens: 42,
      outputTokens: 17,
      costMicros: 76,
    });
    expect(chat.seen.at(-1)).toEqual({
      authorization: "Bearer sk-fake-123",
      model: "test-model",
      system: QUALIFY.system,
      user: "Lead: Ada, VP Engineering at Analytical.",
    });
  });

  it("asks again an answer that is never JSON, then calls it invalid, counting every ask", async () => {
    const ran = await runPrompt("draft_email", DRAFT, lead("Garbage"), provider("openai-compatible", chat.url));
    expect(ran).toMatchObject({ kind: "invalid", provider: "fakeai", inputTokens: 42 * MAX_ASKS, outputTokens: 17 * MAX_ASKS, costMicros: 76 * MAX_ASKS });
    expect(ran.kind === "invalid" && ran.message).toMatch(/^The model's answer not JSON: Sure! .* \(asked 3 times\)\.$/);
    expect(chat.seen.filter((seen) => seen.user.includes("Garbage"))).toHaveLength(MAX_ASKS);
  });

  it("leaves a 429 for later with the wait the provider asked for, and answers when asked again", async () => {
    const target = provider("openai-compatible", chat.url);
    const first = await runPrompt("qualify", QUALIFY, lead("Ratelimit"), target);
    expect(first).toMatchObject({ kind: "later", provider: "fakeai", retryAfterMs: 1_000 });
    expect(first.kind === "later" && first.message).toContain("fakeai answered 429");
    expect(await runPrompt("qualify", QUALIFY, lead("Ratelimit"), target)).toMatchObject({ kind: "done", output: { stage: "qualify", qualified: true } });
  });

  it("fails a refused key with provider_refused and a hint, and leaves an unreachable provider for later", async () => {
    const refused = await runPrompt("qualify", QUALIFY, lead("Ada"), provider("openai-compatible", chat.url, { apiKeyEncrypted: encryptSecret("sk-wrong") }));
    expect(refused).toMatchObject({ kind: "failed", code: "provider_refused" });
    expect(refused.kind === "failed" && refused.message).toMatch(/^fakeai answered 401: .*Check the provider's API key in Settings → Providers\.$/);

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await runPrompt("qualify", QUALIFY, lead("Ada"), provider("openai-compatible", `http://127.0.0.1:${port}/v1`));
    expect(unreachable).toMatchObject({ kind: "later", retryAfterMs: 5_000 });
    expect(unreachable.kind === "later" && unreachable.message).toMatch(/^fakeai unreachable: /);
  });
});

describe("runPrompt on an anthropic provider", () => {
  it("classifies a reply among the version's categories, with its confidence, tokens and cost", async () => {
    const ran = await runPrompt("track", TRACK, { from: "ada@example.com", subject: "Re: hi", text: "Happy to talk" }, provider("anthropic", claude.url));
    expect(ran).toEqual({
      kind: "done",
      provider: "claude",
      model: "test-model",
      output: { classification: "meeting_request", confidence: 0.87 },
      latencyMs: expect.any(Number),
      inputTokens: FAKE_USAGE.input_tokens,
      outputTokens: FAKE_USAGE.output_tokens,
      costMicros: 120 + 60,
    });
    const seen = claude.seen.at(-1)!;
    expect(seen).toMatchObject({ apiKey: "sk-fake-123", model: "test-model", user: "From ada@example.com: Happy to talk" });
    expect(seen.system.startsWith(TRACK.system)).toBe(true);
  });

  it("accepts an answer in a ```json fence, and refuses a category the version does not list", async () => {
    const fenced = await runPrompt("draft_email", DRAFT, lead("Fenced"), provider("anthropic", claude.url));
    expect(fenced).toMatchObject({ kind: "done", output: { stage: "draft_email", subject: "Claude subject for Fenced" } });

    const noMeetings = version("track", "You classify a reply to a sales email. Categories: interested, other.", "{{text}}");
    const ran = await runPrompt("track", noMeetings, { from: "", subject: "", text: "Happy to talk" }, provider("anthropic", claude.url));
    expect(ran).toMatchObject({ kind: "invalid", inputTokens: 120 * MAX_ASKS });
    expect(ran.kind === "invalid" && ran.message).toContain("does not match the track schema");
  });

  it("keeps the provider's max_concurrency across many calls at once (the limiter in Redis)", async () => {
    const target = provider("anthropic", claude.url, { maxConcurrency: 2 });
    claude.stats.maxInFlight = 0;
    const runs = await Promise.all(Array.from({ length: 6 }, (_, n) => runPrompt("qualify", QUALIFY, lead(`Lead${n}`), target)));
    expect(runs.every((ran) => ran.kind === "done")).toBe(true);
    expect(claude.stats.maxInFlight).toBe(2);
  });
});
