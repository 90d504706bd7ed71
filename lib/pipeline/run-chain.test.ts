import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import type { Outcome } from "@/lib/pipeline/run-chain";
import type { BatchStage } from "@/lib/pipeline/stages";
import type { LeadInput, PromptTarget } from "@/lib/prompts/run-prompt";

// runPrompt (the model call, or the local engine) is replaced by a script: these tests cover what
// run-chain decides around it: which stages one job runs, the verdict of each outcome, who goes on.
const runPrompt = vi.hoisted(() => vi.fn());
const promptTarget = vi.hoisted(() => vi.fn());
vi.mock("@/lib/prompts/run-prompt", () => ({ runPrompt, promptTarget }));

const { chainFrom, qualifiedByReferral, runChain, verdictOf } = await import("@/lib/pipeline/run-chain");

const prompt = (modelDefault: string, name = "p") => ({ modelDefault, prompt: { name } }) as ResolvedPrompt;
const prompts = (models: Partial<Record<BatchStage, string>>) => new Map(Object.entries(models).map(([stage, model]) => [stage, prompt(model!, stage)]));
const usage = { provider: "local", model: "m", latencyMs: 1, inputTokens: 0, outputTokens: 0, costMicros: 0 };
const signals = (value: Record<string, unknown>): Outcome => ({ kind: "done", output: { stage: "extract_signals", signals: value }, ...usage });
const qualify = (score: number, qualified: boolean): Outcome => ({
  kind: "done",
  output: { stage: "qualify", score, qualified, reasons: [`r${score}`] },
  ...usage,
});
const draft = (subject: string): Outcome => ({ kind: "done", output: { stage: "draft_email", subject, body: "b" }, ...usage });

describe("chainFrom", () => {
  const allLocal = prompts({ extract_signals: "local/a", qualify: "local/b", draft_email: "local/c" });

  it("runs every following local stage in the same job", () => {
    expect(chainFrom("extract_signals", allLocal, null)).toEqual(["extract_signals", "qualify", "draft_email"]);
    expect(chainFrom("qualify", allLocal, null)).toEqual(["qualify", "draft_email"]);
    expect(chainFrom("draft_email", allLocal, null)).toEqual(["draft_email"]);
  });

  it("ends before a stage on a hosted model, which is a job of its own", () => {
    const hostedQualify = prompts({ extract_signals: "local/a", qualify: "claude/sonnet", draft_email: "local/c" });
    expect(chainFrom("extract_signals", hostedQualify, null)).toEqual(["extract_signals"]);
    // The first stage may itself be hosted; the local ones after it still join.
    expect(chainFrom("qualify", hostedQualify, null)).toEqual(["qualify", "draft_email"]);
    // Only the provider part counts: "localhost/x" is not the local engine.
    expect(chainFrom("extract_signals", prompts({ extract_signals: "local/a", qualify: "localhost/b" }), null)).toEqual(["extract_signals"]);
  });

  it("ends where stop_after says, and where a stage has no prompt", () => {
    expect(chainFrom("extract_signals", allLocal, "extract_signals")).toEqual(["extract_signals"]);
    expect(chainFrom("extract_signals", allLocal, "qualify")).toEqual(["extract_signals", "qualify"]);
    expect(chainFrom("extract_signals", allLocal, "draft_email")).toEqual(["extract_signals", "qualify", "draft_email"]);
    expect(chainFrom("extract_signals", prompts({ extract_signals: "local/a", draft_email: "local/c" }), null)).toEqual(["extract_signals"]);
  });
});

describe("verdictOf", () => {
  it("rejects an invalid answer and fails a failed call, with the message cut to 500 characters", () => {
    expect(verdictOf({ kind: "invalid", message: "x".repeat(600), ...usage }, false, 50)).toEqual({
      state: "rejected",
      qualified: null,
      code: "model_output_invalid",
      message: "x".repeat(500),
    });
    expect(verdictOf({ kind: "failed", code: "provider_not_configured", message: "no provider", ...usage }, true, 50)).toEqual({
      state: "failed",
      qualified: null,
      code: "provider_not_configured",
      message: "no provider",
    });
  });

  it("rejects a lead that does not qualify as not_icp, naming the score and the minimum", () => {
    expect(verdictOf(qualify(30, false) as Exclude<Outcome, { kind: "later" }>, false, 60)).toEqual({
      state: "rejected",
      qualified: false,
      code: "not_icp",
      message: "Score 30 is below the pack's minimum of 60.",
    });
    // Not qualifying wins over stop_after.
    expect(verdictOf(qualify(30, false) as Exclude<Outcome, { kind: "later" }>, true, 60).state).toBe("rejected");
  });

  it("keeps a lead running, stops it at stop_after, and waits for review after a draft", () => {
    expect(verdictOf(signals({}) as Exclude<Outcome, { kind: "later" }>, false, 0)).toEqual({ state: "running", qualified: null, code: null, message: null });
    expect(verdictOf(qualify(80, true) as Exclude<Outcome, { kind: "later" }>, false, 60)).toEqual({
      state: "running",
      qualified: true,
      code: null,
      message: null,
    });
    expect(verdictOf(qualify(80, true) as Exclude<Outcome, { kind: "later" }>, true, 60)).toEqual({
      state: "stopped",
      qualified: true,
      code: null,
      message: null,
    });
    expect(verdictOf(draft("s") as Exclude<Outcome, { kind: "later" }>, false, 0).state).toBe("awaiting_review");
    expect(verdictOf(draft("s") as Exclude<Outcome, { kind: "later" }>, true, 0).state).toBe("stopped");
  });
});

describe("runChain", () => {
  const lead = (n: number) => ({ runLeadId: `rl${n}`, leadId: `l${n}`, facts: { email: `${n}@example.com` }, signals: null });
  const context = { workspaceId: "ws", icp: {} as never, senderName: "S", offer: {} as never, stopAfter: null as string | null, minScore: 50 };
  const chainPrompts = prompts({ extract_signals: "local/a", qualify: "local/b", draft_email: "local/c" });
  let script: Partial<Record<BatchStage, Record<string, Outcome>>>;
  // The leads each stage was run on, in order (`rl<n>` from the lead's email), with the signals it saw.
  const seen: { stage: BatchStage; leads: { runLeadId: string; signals: unknown }[] }[] = [];

  beforeEach(() => {
    seen.length = 0;
    promptTarget.mockReset();
    promptTarget.mockImplementation(async (_workspaceId: string, modelRef: string): Promise<PromptTarget> => ({
      slug: "local",
      model: modelRef,
      provider: null,
    }));
    runPrompt.mockReset();
    runPrompt.mockImplementation(async (stage: BatchStage, _prompt: ResolvedPrompt, input: LeadInput, target: PromptTarget) => {
      const runLeadId = `rl${input.facts.email!.split("@")[0]}`;
      if (seen.at(-1)?.stage !== stage) seen.push({ stage, leads: [] });
      seen.at(-1)!.leads.push({ runLeadId, signals: structuredClone(input.signals) });
      return { ...script[stage]![runLeadId], provider: target.slug, model: stage };
    });
  });

  it("carries each lead through the chain; a rejected one stops there, the others reach review", async () => {
    script = {
      extract_signals: { rl1: signals({ seniority: "vp" }), rl2: signals({ seniority: "ic" }) },
      qualify: { rl1: qualify(90, true), rl2: qualify(10, false) },
      draft_email: { rl1: draft("Hello 1") },
    };
    const { results, later } = await runChain(["extract_signals", "qualify", "draft_email"], [lead(1), lead(2)], chainPrompts, context);
    expect(later).toEqual({ ids: [], delayMs: 0 });
    expect(seen.map((call) => [call.stage, call.leads.map((l) => l.runLeadId)])).toEqual([
      ["extract_signals", ["rl1", "rl2"]],
      ["qualify", ["rl1", "rl2"]],
      ["draft_email", ["rl1"]],
    ]);
    // The next stage sees the signals the previous one found.
    expect(seen[1].leads[0].signals).toEqual({ seniority: "vp" });

    const byId = new Map(results.map((r) => [r.lead.runLeadId, r]));
    expect(results).toHaveLength(2);
    const first = byId.get("rl1")!;
    expect(first.steps.map((s) => [s.stage, s.verdict.state])).toEqual([
      ["extract_signals", "running"],
      ["qualify", "running"],
      ["draft_email", "awaiting_review"],
    ]);
    expect(first.steps[0]).toMatchObject({ provider: "local", model: "extract_signals", prompt: chainPrompts.get("extract_signals") });
    expect(first.signals).toEqual({ seniority: "vp" });
    expect(first.qualification).toEqual({ score: 90, qualified: true, reasons: ["r90"] });
    expect(first.draft).toEqual({ subject: "Hello 1", body: "b" });
    const second = byId.get("rl2")!;
    expect(second.steps.map((s) => [s.stage, s.verdict.state, s.verdict.code])).toEqual([
      ["extract_signals", "running", null],
      ["qualify", "rejected", "not_icp"],
    ]);
    expect(second.qualification).toEqual({ score: 10, qualified: false, reasons: ["r10"] });
    expect(second.draft).toBeUndefined();
  });

  it("leaves a lead whose provider is unavailable for later, with the longest Retry-After", async () => {
    script = {
      qualify: {
        rl1: { kind: "later", retryAfterMs: 9_000, message: "busy", provider: "p", model: "m" },
        rl2: qualify(70, true),
        rl3: { kind: "later", retryAfterMs: 2_000, message: "busy", provider: "p", model: "m" },
      },
      draft_email: { rl2: draft("Hi") },
    };
    const { results, later } = await runChain(["qualify", "draft_email"], [lead(1), lead(2), lead(3)], chainPrompts, context);
    expect(later).toEqual({ ids: ["rl1", "rl3"], delayMs: 9_000 });
    expect(results.map((r) => r.lead.runLeadId)).toEqual(["rl2"]);
    expect(seen[1].leads.map((l) => l.runLeadId)).toEqual(["rl2"]);
  });

  it("stops at stop_after, and a failed or invalid lead goes no further", async () => {
    script = {
      extract_signals: {
        rl1: signals({}),
        rl2: { kind: "failed", code: "provider_not_configured", message: "none", ...usage },
        rl3: { kind: "invalid", message: "bad json", ...usage },
      },
      qualify: { rl1: qualify(60, true) },
    };
    const { results } = await runChain(["extract_signals", "qualify"], [lead(1), lead(2), lead(3)], chainPrompts, { ...context, stopAfter: "qualify" });
    expect(seen.map((call) => call.leads.length)).toEqual([3, 1]);
    const states = Object.fromEntries(results.map((r) => [r.lead.runLeadId, r.steps.map((s) => s.verdict.state)]));
    expect(states).toEqual({ rl1: ["running", "stopped"], rl2: ["failed"], rl3: ["rejected"] });
  });

  it("returns a lead still running at the chain's last stage, for the next job to carry on", async () => {
    script = { extract_signals: { rl1: signals({ a: 1 }) } };
    const { results } = await runChain(["extract_signals"], [lead(1)], chainPrompts, context);
    expect(results).toHaveLength(1);
    expect(results[0].steps.map((s) => s.verdict.state)).toEqual(["running"]);
    expect(results[0].lead.signals).toEqual({ a: 1 });
  });
});

describe("qualifiedByReferral", () => {
  const below = { stage: "qualify" as const, score: 55, qualified: false, reasons: ["Industry matches"] };
  it("passes a referred lead below the minimum, saying why, and leaves the score", () => {
    expect(qualifiedByReferral(below, { referred_by_name: "Grace Hopper" })).toEqual({
      ...below,
      qualified: true,
      reasons: ["Industry matches", "Referred by Grace Hopper, who named them in a reply"],
    });
  });
  it("leaves everyone else as the model said", () => {
    expect(qualifiedByReferral(below, {})).toBe(below);
    expect(qualifiedByReferral(below, { referred_by_name: " " })).toBe(below);
  });
});
