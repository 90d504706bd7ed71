import { classifyReply } from "@/lib/engine/local/classify-reply";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { promptTarget, runPrompt, type ReplyInput } from "@/lib/prompts/run-prompt";
import type { TrackOutput } from "@/lib/prompts/stage-output";
import { ProviderUnavailable } from "@/lib/providers/provider-call";
import type { ReplyCategory } from "@/lib/reply-categories";

// Classifies one reply with the run's track prompt, run by runPrompt (lib/prompts/run-prompt.ts) on
// the model the prompt names: `local/…` is the built-in rules engine; a hosted model gets the
// rendered prompt and must answer {"classification", "confidence"?} with one of the prompt's
// categories. When the provider is unavailable this throws ProviderUnavailable and the track job
// waits. There is no lead to reject at this point (it was sent, its run state is final), so when
// the answer never validates, the provider refuses, or the workspace has no such provider, the
// reply is classified by the local rules instead (an unsubscribe or a bounce is still honoured)
// and the trace keeps the reason.

export type ReplyText = ReplyInput;
export type Classification = { classification: ReplyCategory; confidence: number | null; return_date?: string | null };
export type ClassificationTrace = {
  provider: string;
  model: string;
  latencyMs: number;
  inputTokens: number;
  outputTokens: number;
  costMicros: number;
  error: string | null;
};

const asClassification = (output: TrackOutput): Classification => ({ ...output, confidence: output.confidence ?? null });

function locally(reply: ReplyText, prompt: ResolvedPrompt) {
  const started = performance.now();
  const result = classifyReply(reply, prompt.system);
  return { result, latencyMs: Math.round(performance.now() - started) };
}

export async function classifyReplyWithPrompt(
  workspaceId: string,
  prompt: ResolvedPrompt,
  reply: ReplyText,
): Promise<{ result: Classification; trace: ClassificationTrace }> {
  const ran = await runPrompt("track", prompt, reply, await promptTarget(workspaceId, prompt.modelDefault));
  if (ran.kind === "later") throw new ProviderUnavailable(ran.message, ran.retryAfterMs);
  const { provider, model, latencyMs, inputTokens, outputTokens, costMicros } = ran;
  if (ran.kind === "done")
    return { result: asClassification(ran.output), trace: { provider, model, latencyMs, inputTokens, outputTokens, costMicros, error: null } };
  const fallback = locally(reply, prompt);
  if (ran.kind === "failed" && ran.code === "provider_not_configured") {
    const error = `provider_not_configured: the prompt names provider "${provider}", which this workspace does not have; classified by the local rules.`;
    return { result: fallback.result, trace: { provider, model, latencyMs: fallback.latencyMs, inputTokens, outputTokens, costMicros, error } };
  }
  const code = ran.kind === "failed" ? ran.code : "model_output_invalid";
  const error = `${code}: ${ran.message} Classified by the local rules.`.slice(0, 1000);
  return { result: fallback.result, trace: { provider, model, latencyMs, inputTokens, outputTokens, costMicros, error } };
}
