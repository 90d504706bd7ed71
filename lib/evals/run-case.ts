import { renderTemplate } from "@/lib/engine/local/draft";
import { draftEmail } from "@/lib/engine/local/draft";
import { classifyReply } from "@/lib/engine/local/classify-reply";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { qualifyLead } from "@/lib/engine/local/qualify";
import { extractSignals, requestedKeys, type Signals } from "@/lib/engine/local/signals";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { checkDraft, checkSignals } from "@/lib/evals/checks";
import type { CaseExpect, CaseInput, EvalStage, SetContext } from "@/lib/evals/case-schema";
import { EMPTY_OFFER, type Offer } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";
import { SAAS_OUTBOUND_ICP } from "@/lib/packs/saas-outbound-icp";
import { askForJson } from "@/lib/pipeline/ask-model";
import { messages, toOutput } from "@/lib/pipeline/compute-stage";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { answerSchema } from "@/lib/replies/classify-reply-with-prompt";

// One evaluation case through one prompt version: the stage's answer (the local engine, or a hosted
// model asked exactly as a run asks it), checked against the stage's JSON output contract (valid)
// and then against the case's expectations (passed). An invalid answer never passes.
//
// The local engine answers as the prompt version tells it: it sees only the lead fields and
// signals the user_template names, and it answers with the keys of the template's `Return {...}`
// line. So a version that shows the model less, or asks for another shape, scores differently.

export type CaseResult = { valid: boolean; passed: boolean; output: unknown; outputText: string; failures: string[]; latencyMs: number; costMicros: number };
export type EvalCase = { id: string; name: string; input: CaseInput; expect: CaseExpect };
export type EvalTarget = { stage: EvalStage; prompt: ResolvedPrompt; context: SetContext; workspaceId: string; provider: Provider | null; model: string };


const named = (template: string) => new Set([...template.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].map((match) => match[1]));

/** The lead as the prompt shows it: only the fields its template names. */
function visibleFacts(lead: LeadFacts, template: string): LeadFacts {
  const names = named(template);
  return Object.fromEntries(Object.entries(lead).filter(([key]) => names.has(key))) as LeadFacts;
}

function project(value: Record<string, unknown>, template: string): Record<string, unknown> {
  const keys = requestedKeys(template);
  return keys ? Object.fromEntries(keys.filter((key) => key in value).map((key) => [key, value[key]])) : value;
}

function caseOffer(context: SetContext, input: CaseInput): { offer: Offer; senderName: string } {
  const merged = { ...EMPTY_OFFER, ...context.offer, ...input.offer };
  return { offer: { ...merged, product: merged.product ?? null, call_to_action: merged.call_to_action ?? null, sender_title: merged.sender_title ?? null, signature: merged.signature ?? null }, senderName: merged.sender_name ?? context.sender_name ?? "" };
}

/** The local engine's raw JSON answer for one case. */
function localAnswer(target: EvalTarget, input: CaseInput): unknown {
  const { prompt, stage, context } = target;
  const lead = input.lead as LeadFacts;
  const signals = (input.signals ?? {}) as Signals;
  switch (stage) {
    case "extract_signals":
      return extractSignals(visibleFacts(lead, prompt.userTemplate), prompt.userTemplate);
    case "qualify": {
      const seesSignals = named(prompt.userTemplate).has("signals");
      return project({ ...qualifyLead(visibleFacts(lead, prompt.userTemplate), seesSignals ? signals : {}, context.icp ?? SAAS_OUTBOUND_ICP) }, prompt.userTemplate);
    }
    case "draft_email": {
      const { offer, senderName } = caseOffer(context, input);
      return draftEmail({ lead, signals, userTemplate: prompt.userTemplate, system: prompt.system, variables: offerVariables(offer, senderName) });
    }
    case "track":
      return project({ ...classifyReply(input.reply ?? { text: "" }, prompt.system) }, prompt.userTemplate);
  }
}

/** Checks an answer against the stage's contract; null when it breaks it. */
function accept(target: EvalTarget, value: unknown): Record<string, unknown> | null {
  if (target.stage === "track") return answerSchema(target.prompt.system).safeParse(value).data ?? null;
  return toOutput(target.stage, value) as Record<string, unknown> | null;
}

/** Everything the draft was written from, for the invented-facts check. */
function sources(target: EvalTarget, input: CaseInput): string {
  const { offer, senderName } = caseOffer(target.context, input);
  return [JSON.stringify(input.lead), JSON.stringify(input.signals ?? {}), JSON.stringify(offer), senderName, target.prompt.system, target.prompt.userTemplate].join("\n");
}

function expectations(target: EvalTarget, input: CaseInput, expect: CaseExpect, output: Record<string, unknown>): string[] {
  switch (target.stage) {
    case "extract_signals":
      return expect.signals ? checkSignals((output.signals ?? output) as Record<string, unknown>, expect.signals) : [];
    case "qualify":
      return expect.qualified === undefined || output.qualified === expect.qualified ? [] : [`Verdict should be ${expect.qualified ? "qualified" : "not qualified"}.`];
    case "track":
      return !expect.classification || output.classification === expect.classification ? [] : [`Classification should be ${expect.classification}, was ${String(output.classification)}.`];
    case "draft_email":
      return expect.draft ? checkDraft(output as { subject: string; body: string }, expect.draft, sources(target, input)) : [];
  }
}

export function outputText(stage: EvalStage, output: unknown): string {
  if (stage === "draft_email" && output && typeof output === "object" && "body" in output) {
    const draft = output as { subject: string; body: string };
    return `Subject: ${draft.subject}\n\n${draft.body}`;
  }
  return typeof output === "string" ? output : JSON.stringify(output, null, 2) ?? "";
}

async function hostedAnswer(target: EvalTarget, evalCase: EvalCase) {
  const { stage, prompt, context, workspaceId } = target;
  let asked;
  if (stage === "track") {
    const reply = evalCase.input.reply ?? { from: "", subject: "", text: "" };
    const user = renderTemplate(prompt.userTemplate, { from: reply.from, subject: reply.subject, text: reply.text });
    asked = await askForJson(target.provider!, target.model, { system: prompt.system, user }, (value) => accept(target, value), stage);
  } else {
    const { offer, senderName } = caseOffer(context, evalCase.input);
    const lead = { runLeadId: evalCase.id, facts: evalCase.input.lead as LeadFacts, signals: (evalCase.input.signals ?? null) as Signals | null };
    const ask = messages(stage, lead, prompt, { workspaceId, icp: context.icp ?? SAAS_OUTBOUND_ICP, senderName, offer });
    asked = await askForJson(target.provider!, target.model, ask, (value) => accept(target, value), stage);
  }
  return asked;
}

export async function runCase(target: EvalTarget, evalCase: EvalCase): Promise<CaseResult> {
  if (!target.provider) {
    const started = performance.now();
    const raw = localAnswer(target, evalCase.input);
    const output = accept(target, raw);
    const latencyMs = Math.round(performance.now() - started);
    if (!output) {
      return { valid: false, passed: false, output: raw, outputText: outputText(target.stage, raw), failures: ["The answer breaks the stage's JSON output contract."], latencyMs, costMicros: 0 };
    }
    const failures = expectations(target, evalCase.input, evalCase.expect, output);
    return { valid: true, passed: failures.length === 0, output: raw, outputText: outputText(target.stage, raw), failures, latencyMs, costMicros: 0 };
  }
  const asked = await hostedAnswer(target, evalCase);
  if (asked.kind === "later") return { valid: false, passed: false, output: null, outputText: "", failures: [`The provider could not answer: ${asked.message}`], latencyMs: 0, costMicros: 0 };
  if (asked.kind !== "done") {
    return { valid: false, passed: false, output: null, outputText: "", failures: [asked.kind === "failed" ? `The provider refused: ${asked.message}` : asked.message], latencyMs: asked.latencyMs, costMicros: asked.costMicros };
  }
  const output = asked.value as Record<string, unknown>;
  const failures = expectations(target, evalCase.input, evalCase.expect, output);
  return { valid: true, passed: failures.length === 0, output, outputText: outputText(target.stage, output), failures, latencyMs: asked.latencyMs, costMicros: asked.costMicros };
}
