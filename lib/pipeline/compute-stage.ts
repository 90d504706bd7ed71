import { z } from "zod";
import { db } from "@/lib/db";
import { renderTemplate, signalSentence } from "@/lib/engine/local/draft";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import type { IcpRules } from "@/lib/packs/icp";
import { chat, ProviderUnavailable } from "@/lib/providers/chat-client";
import { runLocalStage, type StageOutput } from "@/lib/pipeline/local-stage";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import type { BatchStage } from "@/lib/pipeline/stages";

// Runs one machine stage for a batch of leads on the model the prompt names (`<provider>/<model>`):
// the built-in local engine, or a hosted model whose JSON answer is checked against the stage's
// schema. An invalid answer is asked again, twice at most, then the lead is rejected
// (model_output_invalid). An unavailable provider leaves the lead to be tried later.

export type Outcome =
  | { kind: "done"; output: StageOutput; latencyMs: number; inputTokens: number; outputTokens: number }
  | { kind: "invalid"; message: string; latencyMs: number; inputTokens: number; outputTokens: number }
  | { kind: "failed"; code: string; message: string }
  | { kind: "later"; retryAfterMs: number; message: string };

export type StageLead = { runLeadId: string; facts: LeadFacts; signals: Signals | null };
export type StageContext = { workspaceId: string; icp: IcpRules; senderName: string };

const MAX_ASKS = 3;

const OUTPUT_SCHEMAS = {
  extract_signals: z.record(z.string(), z.unknown()),
  qualify: z.object({ qualified: z.boolean(), score: z.number().min(0).max(100).optional(), reasons: z.array(z.string()).optional() }),
  draft_email: z.object({ subject: z.string().trim().min(1).max(300), body: z.string().trim().min(1).max(20_000) }),
};

function toOutput(stage: BatchStage, value: unknown): StageOutput | null {
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

function messages(stage: BatchStage, lead: StageLead, prompt: ResolvedPrompt, context: StageContext) {
  const user = renderTemplate(prompt.userTemplate, {
    ...lead.facts,
    signals: JSON.stringify(lead.signals ?? {}),
    icp: JSON.stringify(context.icp),
    sender_name: context.senderName,
    signal_sentence: signalSentence(lead.facts, lead.signals ?? {}),
  });
  const system = stage === "draft_email" ? `${prompt.system}\n\nAnswer with JSON only: {"subject": string, "body": string}.` : prompt.system;
  return { system, user };
}

async function askModel(stage: BatchStage, lead: StageLead, prompt: ResolvedPrompt, context: StageContext, provider: Parameters<typeof chat>[0], model: string): Promise<Outcome> {
  const { system, user } = messages(stage, lead, prompt, context);
  const started = performance.now();
  let inputTokens = 0;
  let outputTokens = 0;
  let last = "";
  for (let ask = 1; ask <= MAX_ASKS; ask++) {
    let text: string;
    try {
      const answer = await chat(provider, model, system, user);
      inputTokens += answer.inputTokens;
      outputTokens += answer.outputTokens;
      text = answer.text;
    } catch (error) {
      if (error instanceof ProviderUnavailable) return { kind: "later", retryAfterMs: error.retryAfterMs, message: error.message };
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      last = `not JSON: ${text.slice(0, 100)}`;
      continue;
    }
    const output = toOutput(stage, value);
    if (output) return { kind: "done", output, latencyMs: Math.round(performance.now() - started), inputTokens, outputTokens };
    last = `does not match the ${stage} schema: ${text.slice(0, 100)}`;
  }
  return { kind: "invalid", message: `The model's answer ${last} (asked ${MAX_ASKS} times).`, latencyMs: Math.round(performance.now() - started), inputTokens, outputTokens };
}

export async function computeStage(stage: BatchStage, leads: StageLead[], prompt: ResolvedPrompt, context: StageContext): Promise<{ provider: string; model: string; outcomes: Map<string, Outcome> }> {
  const [providerSlug, ...rest] = prompt.modelDefault.split("/");
  const model = rest.join("/");
  const outcomes = new Map<string, Outcome>();
  if (providerSlug === "local") {
    for (const lead of leads) {
      const started = performance.now();
      const output = runLocalStage(stage, { facts: lead.facts, signals: lead.signals }, prompt, context);
      outcomes.set(lead.runLeadId, { kind: "done", output, latencyMs: Math.round(performance.now() - started), inputTokens: 0, outputTokens: 0 });
    }
    return { provider: "local", model, outcomes };
  }
  const provider = await db().provider.findUnique({ where: { workspaceId_slug: { workspaceId: context.workspaceId, slug: providerSlug } } });
  if (!provider) {
    for (const lead of leads) outcomes.set(lead.runLeadId, { kind: "failed", code: "provider_not_configured", message: `The prompt ${prompt.prompt.name} ${prompt.version} names provider "${providerSlug}", which this workspace does not have.` });
    return { provider: providerSlug, model, outcomes };
  }
  await Promise.all(leads.map(async (lead) => outcomes.set(lead.runLeadId, await askModel(stage, lead, prompt, context, provider, model))));
  return { provider: providerSlug, model, outcomes };
}
