import type { Provider } from "@/lib/generated/prisma/client.ts";
import type { BatchStage, PromptStage } from "@/lib/lifecycle/stages";
import { askForJson, type Usage } from "@/lib/prompts/ask-model";
import { localAnswerAsWritten, localOutput } from "@/lib/prompts/local-answer";
import {
  answerMessages,
  type AnswerPromptInput,
  followUpMessages,
  leadMessages,
  replyMessages,
  type FollowUpInput,
  type LeadInput,
  type ReplyInput,
  type RunnableVersion,
} from "@/lib/prompts/prompt-input";
import { readAnswer, type AnswerOutput, type FollowUpOutput, type StageOutput, type TrackOutput } from "@/lib/prompts/stage-output";
import { findProvider, parseModelRef } from "@/lib/providers/model-ref";

// THE way to run one prompt version on one input, for every caller: the pipeline's stages
// (lib/pipeline/run-chain.ts), replays (lib/replays/run-replay.ts), reply classification
// (lib/replies/classify-reply-with-prompt.ts) and evaluations (lib/evals/run-case.ts).
//
// The target is the version's model (`<provider>/<model>`, promptTarget) or one an evaluation
// names. On `local` the built-in engine answers (lib/prompts/local-answer.ts). On a hosted
// provider the version's template is rendered with the input (lib/prompts/prompt-input.ts) and
// sent through the provider's client, inside its limits shared through Redis; the JSON answer
// must meet the stage's contract (lib/prompts/stage-output.ts) or it is asked again, three asks in
// all (lib/prompts/ask-model.ts). The result says what happened, with the trace's facts:
// - done: the output (and, for the local engine read as written, its raw answer);
// - invalid: the answer never met the contract (the pipeline rejects the lead model_output_invalid);
// - failed: provider_refused (a bad key, an unknown model) or provider_not_configured;
// - later: the provider could not answer now (429, 5xx, timeout); try again after retryAfterMs.
// Latency, tokens and cost add up over the asks; the local engine uses no tokens and costs 0.

export type { AnswerPromptInput, FollowUpInput, LeadContext, LeadInput, ReplyInput, RunnableVersion } from "@/lib/prompts/prompt-input";
export type { Usage };

/** Where a version runs: the local engine, or a workspace's provider (null: the workspace has none of that slug). */
export type PromptTarget = { slug: string; model: string; provider: Provider | null };

export type Ran<T> = { provider: string; model: string } & (
  | ({ kind: "done"; output: T; answer?: unknown } & Usage)
  | ({ kind: "invalid"; message: string; answer?: unknown } & Usage)
  | ({ kind: "failed"; code: string; message: string } & Usage)
  | { kind: "later"; retryAfterMs: number; message: string }
);

export type RunOptions = {
  /** The local engine reads the version as written (evaluations), see lib/prompts/local-answer.ts. */
  asWritten?: boolean;
};

const NO_USAGE = { inputTokens: 0, outputTokens: 0, costMicros: 0 };

export function localTarget(model: string): PromptTarget {
  return { slug: "local", model, provider: null };
}

/** Where a model reference (a version's model_default) runs for a workspace; look it up once per batch. */
export async function promptTarget(workspaceId: string, modelRef: string): Promise<PromptTarget> {
  const { providerSlug, model } = parseModelRef(modelRef);
  if (providerSlug === "local") return localTarget(model);
  return { slug: providerSlug, model, provider: await findProvider(workspaceId, providerSlug) };
}

type AnyInput = LeadInput | ReplyInput | FollowUpInput | AnswerPromptInput;

function runLocally(stage: PromptStage, version: RunnableVersion, input: AnyInput, options: RunOptions) {
  const started = performance.now();
  const usage = () => ({ latencyMs: Math.round(performance.now() - started), ...NO_USAGE });
  if (!options.asWritten) return { kind: "done" as const, output: localOutput(stage, version, input), ...usage() };
  const answer = localAnswerAsWritten(stage, version, input);
  const output = readAnswer(stage, version.system, answer);
  if (output === null) return { kind: "invalid" as const, message: "The answer breaks the stage's JSON output contract.", answer, ...usage() };
  return { kind: "done" as const, output, answer, ...usage() };
}

export function runPrompt(stage: "track", version: RunnableVersion, input: ReplyInput, target: PromptTarget, options?: RunOptions): Promise<Ran<TrackOutput>>;
export function runPrompt(stage: BatchStage, version: RunnableVersion, input: LeadInput, target: PromptTarget, options?: RunOptions): Promise<Ran<StageOutput>>;
export function runPrompt(
  stage: "follow_up",
  version: RunnableVersion,
  input: FollowUpInput,
  target: PromptTarget,
  options?: RunOptions,
): Promise<Ran<FollowUpOutput>>;
export function runPrompt(
  stage: "reply",
  version: RunnableVersion,
  input: AnswerPromptInput,
  target: PromptTarget,
  options?: RunOptions,
): Promise<Ran<AnswerOutput>>;
export function runPrompt(stage: PromptStage, version: RunnableVersion, input: AnyInput, target: PromptTarget, options?: RunOptions): Promise<Ran<unknown>>;
export async function runPrompt(
  stage: PromptStage,
  version: RunnableVersion,
  input: AnyInput,
  target: PromptTarget,
  options: RunOptions = {},
): Promise<Ran<StageOutput | FollowUpOutput | AnswerOutput | TrackOutput>> {
  const where = { provider: target.slug, model: target.model };
  if (target.slug === "local") return { ...where, ...runLocally(stage, version, input, options) };
  if (!target.provider) {
    const message = `The prompt ${version.prompt.name} ${version.version} names provider "${target.slug}", which this workspace does not have.`;
    return { ...where, kind: "failed", code: "provider_not_configured", message, latencyMs: 0, ...NO_USAGE };
  }
  const messages =
    stage === "track"
      ? replyMessages(version, input as ReplyInput)
      : stage === "follow_up"
        ? followUpMessages(version, input as FollowUpInput)
        : stage === "reply"
          ? answerMessages(version, input as AnswerPromptInput)
          : leadMessages(stage, version, input as LeadInput);
  const asked = await askForJson(target.provider, target.model, messages, (value) => readAnswer(stage, version.system, value), stage);
  if (asked.kind !== "done") return { ...where, ...asked };
  const { value, ...rest } = asked;
  return { ...where, ...rest, output: value };
}
