import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import type { StageContext } from "@/lib/pipeline/stage-context";
import { nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";
import { signedContext, type SenderIdentity } from "@/lib/senders/signer";
import { promptTarget, runPrompt, type Ran } from "@/lib/prompts/run-prompt";
import type { StageOutput } from "@/lib/prompts/stage-output";
import { RUN_LEAD_STATE, type RunLeadState } from "@/lib/statuses";

// Which stages one job carries its batch through, and the in-memory work of doing so. A stage on a
// hosted model is a job of its own (its leads may have to wait for the provider). Stages on the
// local engine that follow it directly run in the same job, lead by lead, so a batch costs one
// transaction instead of one per stage; `stop_after` still ends the chain where it says. Each
// stage's prompt version runs through runPrompt (lib/prompts/run-prompt.ts), lead by lead.

export type Outcome = Ran<StageOutput>;
export type Verdict = { state: RunLeadState; qualified: boolean | null; code: string | null; message: string | null };
export type Settled = Exclude<Outcome, { kind: "later" }>;
/** `screened`: rejected by the recipient checks before the stage's prompt ran (no trace is written for it). */
export type Step = { stage: BatchStage; prompt: ResolvedPrompt; provider: string; model: string; outcome: Settled; verdict: Verdict; screened?: true };
/** The recipient checks before draft_email (lib/pipeline/recipient-gate.ts): the rejection of each address that fails. */
export type ScreenRecipients = (emails: string[]) => Promise<Map<string, { code: string; message: string }>>;
export type ChainLead = {
  runLeadId: string;
  leadId: string;
  facts: LeadFacts;
  signals: Signals | null;
  /** A running experiment's variant (lib/pipeline/experiment-prompts.ts): the lead's version for a stage, over the run's. */
  experiment?: { experimentId: string; prompts: Map<string, ResolvedPrompt> };
};
export type LeadResult = {
  lead: ChainLead;
  steps: Step[];
  signals?: Signals;
  qualification?: { score: number; qualified: boolean; reasons: string[] };
  /** `written`: the local engine's lines and their variables (lib/review-checks reads them for evidence). */
  draft?: { subject: string; body: string; written?: { text: string; names: string[] }[]; cited?: { sentence: string; sources: string[] }[] };
};

const isLocal = (prompt: ResolvedPrompt) => prompt.modelDefault.split("/")[0] === "local";

/** The stages a job for `stage` runs: `stage`, then each following local stage, up to `stopAfter`. */
export function chainFrom(stage: BatchStage, prompts: Map<string, ResolvedPrompt>, stopAfter: string | null): BatchStage[] {
  const chain: BatchStage[] = [stage];
  for (let next = nextBatchStage(stage); next && stopAfter !== chain.at(-1); next = nextBatchStage(next)) {
    const prompt = prompts.get(next);
    if (!prompt || !isLocal(prompt)) break;
    chain.push(next);
  }
  return chain;
}

export function verdictOf(outcome: Settled, stops: boolean, minScore: number): Verdict {
  if (outcome.kind === "invalid")
    return { state: RUN_LEAD_STATE.rejected, qualified: null, code: "model_output_invalid", message: outcome.message.slice(0, 500) };
  if (outcome.kind === "failed") return { state: RUN_LEAD_STATE.failed, qualified: null, code: outcome.code, message: outcome.message.slice(0, 500) };
  const output = outcome.output;
  if (output.stage === "qualify" && !output.qualified)
    return { state: RUN_LEAD_STATE.rejected, qualified: false, code: "not_icp", message: `Score ${output.score} is below the pack's minimum of ${minScore}.` };
  const state = stops ? RUN_LEAD_STATE.stopped : output.stage === "draft_email" ? RUN_LEAD_STATE.awaiting_review : RUN_LEAD_STATE.running;
  return { state, qualified: output.stage === "qualify" ? true : null, code: null, message: null };
}

/**
 * A referred lead (contract §13: someone's reply named them, and a reviewer chose to write to them)
 * passes qualify whatever its score: the prospect's own word outweighs the profile, which knows little
 * of them (a name and an address). The reason says so, and the score stays as the model gave it.
 */
export function qualifiedByReferral(output: StageOutput, facts: LeadFacts): StageOutput {
  const referrer = facts.referred_by_name?.trim();
  if (output.stage !== "qualify" || output.qualified || !referrer) return output;
  return { ...output, qualified: true, reasons: [...output.reasons, `Referred by ${referrer}, who named them in a reply`] };
}

function apply(result: LeadResult, output: StageOutput) {
  if (output.stage === "extract_signals") result.signals = result.lead.signals = output.signals;
  else if (output.stage === "qualify") result.qualification = { score: output.score, qualified: output.qualified, reasons: output.reasons };
  else result.draft = { subject: output.subject, body: output.body, written: output.written, cited: output.cited };
}

/** Leads whose address fails a recipient check end rejected before draft_email (into `results`); the rest go on. */
async function screen(active: LeadResult[], promptOf: (r: LeadResult) => ResolvedPrompt, check: ScreenRecipients, results: LeadResult[]) {
  const rejected = await check(active.flatMap((r) => (r.lead.facts.email ? [r.lead.facts.email] : [])));
  if (rejected.size === 0) return active;
  const kept: LeadResult[] = [];
  for (const result of active) {
    const rejection = result.lead.facts.email ? rejected.get(result.lead.facts.email) : undefined;
    if (!rejection) {
      kept.push(result);
      continue;
    }
    const model = "recipient-check";
    const outcome: Settled = {
      kind: "invalid",
      message: rejection.message,
      provider: "local",
      model,
      inputTokens: 0,
      outputTokens: 0,
      costMicros: 0,
      latencyMs: 0,
    };
    const verdict: Verdict = { state: RUN_LEAD_STATE.rejected, qualified: null, code: rejection.code, message: rejection.message };
    result.steps.push({ stage: "draft_email", prompt: promptOf(result), provider: "local", model, outcome, verdict, screened: true });
    results.push(result);
  }
  return kept;
}

/**
 * Runs the chain for each lead. Leads whose provider is unavailable (only possible on the first,
 * possibly hosted, stage) come back in `later` with the longest Retry-After.
 */
export async function runChain(
  chain: BatchStage[],
  leads: ChainLead[],
  prompts: Map<string, ResolvedPrompt>,
  context: StageContext & {
    stopAfter: string | null;
    minScore: number;
    /** Who signs each lead's first draft (lib/senders/signer.ts), asked for just before draft_email; none: the run's context. */
    signers?: (runLeadIds: string[]) => Promise<Map<string, SenderIdentity | null>>;
    screenRecipients?: ScreenRecipients;
  },
) {
  const results: LeadResult[] = [];
  const later: string[] = [];
  let delayMs = 0;
  let active = leads.map((lead): LeadResult => ({ lead, steps: [] }));
  for (const stage of chain) {
    const promptOf = (r: LeadResult) => r.lead.experiment?.prompts.get(stage) ?? prompts.get(stage)!;
    if (stage === "draft_email" && context.screenRecipients) active = await screen(active, promptOf, context.screenRecipients, results);
    // One target per model: an experiment's variants may name different ones.
    const targets = new Map<string, Awaited<ReturnType<typeof promptTarget>>>();
    for (const model of new Set(active.map((r) => promptOf(r).modelDefault))) targets.set(model, await promptTarget(context.workspaceId, model));
    const signers = stage === "draft_email" && context.signers && active.length ? await context.signers(active.map((r) => r.lead.runLeadId)) : null;
    const contextOf = (r: LeadResult) => (signers ? signedContext(context, signers.get(r.lead.runLeadId)) : context);
    const outcomes = await Promise.all(
      active.map((r) =>
        runPrompt(stage, promptOf(r), { facts: r.lead.facts, signals: r.lead.signals, context: contextOf(r) }, targets.get(promptOf(r).modelDefault)!),
      ),
    );
    const continuing: LeadResult[] = [];
    for (const [index, result] of active.entries()) {
      const outcome = outcomes[index];
      if (outcome.kind === "later") {
        later.push(result.lead.runLeadId);
        delayMs = Math.max(delayMs, outcome.retryAfterMs);
        continue;
      }
      if (outcome.kind === "done") outcome.output = qualifiedByReferral(outcome.output, result.lead.facts);
      const verdict = verdictOf(outcome, context.stopAfter === stage, context.minScore);
      result.steps.push({ stage, prompt: promptOf(result), provider: outcome.provider, model: outcome.model, outcome, verdict });
      if (outcome.kind === "done") apply(result, outcome.output);
      if (verdict.state === RUN_LEAD_STATE.running && stage !== chain.at(-1)) continuing.push(result);
      else results.push(result);
    }
    active = continuing;
  }
  return { results, later: { ids: later, delayMs } };
}
