import { z } from "zod";
import { renderTemplate, signalSentence } from "@/lib/engine/local/draft";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import type { IcpRules } from "@/lib/packs/icp";
import { findProvider, parseModelRef } from "@/lib/providers/model-ref";
import { askForJson, type Usage } from "@/lib/pipeline/ask-model";
import { runLocalStage, type StageOutput } from "@/lib/pipeline/local-stage";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import type { BatchStage } from "@/lib/pipeline/stages";
import type { Offer } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";

// Runs one machine stage for a batch of leads on the model the prompt names (`<provider>/<model>`):
// the built-in local engine, or a hosted model whose JSON answer is checked against the stage's
// schema. An invalid answer is asked again, twice at most, then the lead is rejected
// (model_output_invalid). An unavailable provider leaves the lead to be tried later. Cost comes
// from the provider's prices (lib/providers/cost.ts); the local engine uses no tokens.

export type Outcome =
  | ({ kind: "done"; output: StageOutput } & Usage)
  | ({ kind: "invalid"; message: string } & Usage)
  | { kind: "failed"; code: string; message: string }
  | { kind: "later"; retryAfterMs: number; message: string };

export type StageLead = { runLeadId: string; facts: LeadFacts; signals: Signals | null };
export type StageContext = { workspaceId: string; icp: IcpRules; senderName: string; offer: Offer };

/** The JSON output contract of each batch stage (also what an evaluation calls "valid"). */
export const OUTPUT_SCHEMAS = {
  extract_signals: z.record(z.string(), z.unknown()),
  qualify: z.object({ qualified: z.boolean(), score: z.number().min(0).max(100).optional(), reasons: z.array(z.string()).optional() }),
  draft_email: z.object({ subject: z.string().trim().min(1).max(300), body: z.string().trim().min(1).max(20_000) }),
};

export function toOutput(stage: BatchStage, value: unknown): StageOutput | null {
  const parsed = OUTPUT_SCHEMAS[stage].safeParse(value);
  if (!parsed.success) return null;
  if (stage === "extract_signals") return { stage, signals: parsed.data as Signals };
  if (stage === "qualify") {
    const q = parsed.data as z.infer<typeof OUTPUT_SCHEMAS.qualify>;
    return { stage, qualified: q.qualified, score: Math.round(q.score ?? (q.qualified ? 100 : 0)), reasons: q.reasons ?? [] };
  }
  const d = parsed.data as z.infer<typeof OUTPUT_SCHEMAS.draft_email>;
  return { stage, subject: d.subject, body: d.body };
}

export function messages(stage: BatchStage, lead: StageLead, prompt: ResolvedPrompt, context: StageContext) {
  const user = renderTemplate(prompt.userTemplate, {
    ...lead.facts,
    signals: JSON.stringify(lead.signals ?? {}),
    icp: JSON.stringify(context.icp),
    ...offerVariables(context.offer, context.senderName),
    signal_sentence: signalSentence(lead.facts, lead.signals ?? {}),
  });
  const system = stage === "draft_email" ? `${prompt.system}\n\nAnswer with JSON only: {"subject": string, "body": string}.` : prompt.system;
  return { system, user };
}

export async function computeStage(stage: BatchStage, leads: StageLead[], prompt: ResolvedPrompt, context: StageContext): Promise<{ provider: string; model: string; outcomes: Map<string, Outcome> }> {
  const { providerSlug, model } = parseModelRef(prompt.modelDefault);
  const outcomes = new Map<string, Outcome>();
  if (providerSlug === "local") {
    for (const lead of leads) {
      const started = performance.now();
      const output = runLocalStage(stage, { facts: lead.facts, signals: lead.signals }, prompt, context);
      outcomes.set(lead.runLeadId, { kind: "done", output, latencyMs: Math.round(performance.now() - started), inputTokens: 0, outputTokens: 0, costMicros: 0 });
    }
    return { provider: "local", model, outcomes };
  }
  const provider = await findProvider(context.workspaceId, providerSlug);
  if (!provider) {
    for (const lead of leads) outcomes.set(lead.runLeadId, { kind: "failed", code: "provider_not_configured", message: `The prompt ${prompt.prompt.name} ${prompt.version} names provider "${providerSlug}", which this workspace does not have.` });
    return { provider: providerSlug, model, outcomes };
  }
  await Promise.all(
    leads.map(async (lead) => {
      const asked = await askForJson(provider, model, messages(stage, lead, prompt, context), (value) => toOutput(stage, value), stage);
      if (asked.kind !== "done") return outcomes.set(lead.runLeadId, asked);
      const { value, ...usage } = asked;
      outcomes.set(lead.runLeadId, { ...usage, output: value });
    }),
  );
  return { provider: providerSlug, model, outcomes };
}
