import { z } from "zod";
import { renderTemplate } from "@/lib/engine/local/draft";
import { classifyReply } from "@/lib/engine/local/classify-reply";
import { allowedCategories, type ReplyCategory } from "@/lib/replies/categories";
import { askForJson } from "@/lib/pipeline/ask-model";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { findProvider, parseModelRef } from "@/lib/providers/model-ref";
import { ProviderUnavailable } from "@/lib/providers/provider-call";

// Classifies one reply on the model the track prompt names. `local/…` is the built-in rules engine.
// A hosted model gets the rendered prompt and must answer {"classification", "confidence"?} with
// one of the prompt's categories, checked and asked again like the batch stages
// (lib/pipeline/ask-model.ts). When the provider is unavailable this throws ProviderUnavailable and
// the track job waits. There is no lead to reject at this point (it was sent, its run state is
// final), so when the answer never validates, or the workspace has no such provider, the reply is
// classified by the local rules instead (an unsubscribe or a bounce is still honoured) and the
// trace keeps the reason.

export type ReplyText = { from: string; subject: string; text: string; receivedAt?: Date };
export type Classification = { classification: ReplyCategory; confidence: number | null };
export type ClassificationTrace = {
  provider: string; model: string; latencyMs: number; inputTokens: number; outputTokens: number; costMicros: number; error: string | null;
};

/** track's JSON output contract for a prompt version: one of its categories, an optional confidence. */
export function answerSchema(system: string) {
  const allowed = allowedCategories(system) as [ReplyCategory, ...ReplyCategory[]];
  return z.object({
    classification: z.string().transform((value) => value.trim().toLowerCase()).pipe(z.enum(allowed)),
    confidence: z.number().min(0).max(1).optional(),
  });
}

function locally(reply: ReplyText, prompt: ResolvedPrompt) {
  const started = performance.now();
  const result = classifyReply(reply, prompt.system);
  return { result, latencyMs: Math.round(performance.now() - started) };
}

export async function classifyReplyWithPrompt(workspaceId: string, prompt: ResolvedPrompt, reply: ReplyText): Promise<{ result: Classification; trace: ClassificationTrace }> {
  const { providerSlug, model } = parseModelRef(prompt.modelDefault);
  const none = { inputTokens: 0, outputTokens: 0, costMicros: 0 };
  if (providerSlug === "local") {
    const { result, latencyMs } = locally(reply, prompt);
    return { result, trace: { provider: "local", model, latencyMs, ...none, error: null } };
  }
  const provider = await findProvider(workspaceId, providerSlug);
  if (!provider) {
    const { result, latencyMs } = locally(reply, prompt);
    const error = `provider_not_configured: the prompt names provider "${providerSlug}", which this workspace does not have; classified by the local rules.`;
    return { result, trace: { provider: providerSlug, model, latencyMs, ...none, error } };
  }
  const schema = answerSchema(prompt.system);
  const user = renderTemplate(prompt.userTemplate, { from: reply.from, subject: reply.subject, text: reply.text });
  const asked = await askForJson(provider, model, { system: prompt.system, user }, (value) => schema.safeParse(value).data ?? null, "track");
  if (asked.kind === "later") throw new ProviderUnavailable(asked.message, asked.retryAfterMs);
  const usage = { provider: providerSlug, model, latencyMs: asked.latencyMs, inputTokens: asked.inputTokens, outputTokens: asked.outputTokens, costMicros: asked.costMicros };
  if (asked.kind === "done") return { result: { classification: asked.value.classification, confidence: asked.value.confidence ?? null }, trace: { ...usage, error: null } };
  const { result } = locally(reply, prompt);
  const code = asked.kind === "failed" ? asked.code : "model_output_invalid";
  return { result, trace: { ...usage, error: `${code}: ${asked.message} Classified by the local rules.`.slice(0, 1000) } };
}
