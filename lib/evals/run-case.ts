import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import type { Provider } from "@/lib/generated/prisma/client.ts";
import { checkDraft, checkSignals, reviewFailures } from "@/lib/evals/checks";
import type { CitedSentence, DraftSources } from "@/lib/review-checks";
import type { CaseExpect, CaseInput, EvalStage, SetContext } from "@/lib/evals/case-schema";
import { EMPTY_OFFER, type Offer } from "@/lib/offer/offer";
import { SAAS_OUTBOUND_ICP } from "@/lib/icp/saas-outbound-icp";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import { runPrompt, type PromptTarget, type Ran } from "@/lib/prompts/run-prompt";

// One evaluation case through one prompt version: the stage's answer from runPrompt
// (lib/prompts/run-prompt.ts: the local engine, or a hosted model asked exactly as a run asks it),
// checked against the stage's JSON output contract (valid) and then against the case's
// expectations (passed). An invalid answer never passes.
//
// The local engine reads the version as written (lib/prompts/local-answer.ts): it sees only the
// lead fields and signals the user_template names, and it answers with the keys of the template's
// `Return {...}` line. So a version that shows the model less, or asks for another shape, scores
// differently. The result keeps the local engine's answer as it gave it, a hosted model's as read.

export type CaseResult = { valid: boolean; passed: boolean; output: unknown; outputText: string; failures: string[]; latencyMs: number; costMicros: number };
export type EvalCase = { id: string; name: string; input: CaseInput; expect: CaseExpect };
export type EvalTarget = { stage: EvalStage; prompt: ResolvedPrompt; context: SetContext; provider: Provider | null; model: string };

function caseOffer(context: SetContext, input: CaseInput): { offer: Offer; senderName: string } {
  const merged = { ...EMPTY_OFFER, ...context.offer, ...input.offer };
  return {
    offer: {
      ...merged,
      product: merged.product ?? null,
      call_to_action: merged.call_to_action ?? null,
      sender_title: merged.sender_title ?? null,
      signature: merged.signature ?? null,
    },
    senderName: merged.sender_name ?? context.sender_name ?? "",
  };
}

/** Everything the draft was written from, for the invented-facts check. */
function sources(target: EvalTarget, input: CaseInput): string {
  const { offer, senderName } = caseOffer(target.context, input);
  return [
    JSON.stringify(input.lead),
    JSON.stringify(input.signals ?? {}),
    JSON.stringify(offer),
    senderName,
    target.prompt.system,
    target.prompt.userTemplate,
    ...(input.thread ?? []).map((message) => `${message.subject}\n${message.body}`),
    ...(target.stage === "reply" && input.reply ? [`${input.reply.subject}\n${input.reply.text}`] : []),
  ].join("\n");
}

/** What the draft was written from, as the review checks read it: the pipeline's sources (a reply's answer also rests on the reply). */
function reviewSources(target: EvalTarget, input: CaseInput): DraftSources {
  const { offer, senderName } = caseOffer(target.context, input);
  const reply = target.stage === "reply" && input.reply ? [{ subject: input.reply.subject, body: input.reply.text }] : [];
  return { lead: input.lead, signals: input.signals ?? null, offer, senderName, thread: [...(input.thread ?? []), ...reply] };
}

function expectations(target: EvalTarget, input: CaseInput, expect: CaseExpect, output: Record<string, unknown>): string[] {
  switch (target.stage) {
    case "extract_signals":
      return expect.signals ? checkSignals((output.signals ?? output) as Record<string, unknown>, expect.signals) : [];
    case "qualify":
      return expect.qualified === undefined || output.qualified === expect.qualified
        ? []
        : [`Verdict should be ${expect.qualified ? "qualified" : "not qualified"}.`];
    case "track":
      return !expect.classification || output.classification === expect.classification
        ? []
        : [`Classification should be ${expect.classification}, was ${String(output.classification)}.`];
    case "draft_email":
    case "follow_up":
    case "reply": {
      const draft = output as { subject: string; body: string; cited?: CitedSentence[] };
      return [
        ...(expect.draft ? checkDraft(draft, expect.draft, sources(target, input)) : []),
        ...reviewFailures(draft, reviewSources(target, input), expect.draft?.allow_checks),
      ];
    }
  }
}

export function outputText(stage: EvalStage, output: unknown): string {
  if ((stage === "draft_email" || stage === "follow_up" || stage === "reply") && output && typeof output === "object" && "body" in output) {
    const draft = output as { subject: string; body: string };
    return `Subject: ${draft.subject}\n\n${draft.body}`;
  }
  return typeof output === "string" ? output : (JSON.stringify(output, null, 2) ?? "");
}

/** The target an evaluation names: the local engine, or the workspace's provider. */
function targetOf({ provider, model }: EvalTarget): PromptTarget {
  return { slug: provider?.slug ?? "local", model, provider };
}

function ask(target: EvalTarget, input: CaseInput): Promise<Ran<unknown>> {
  const { stage, prompt } = target;
  if (stage === "track") return runPrompt(stage, prompt, input.reply ?? { from: "", subject: "", text: "" }, targetOf(target), { asWritten: true });
  const { offer, senderName } = caseOffer(target.context, input);
  const lead = {
    facts: input.lead as LeadFacts,
    signals: (input.signals ?? null) as Signals | null,
    context: { icp: target.context.icp ?? SAAS_OUTBOUND_ICP, offer, senderName },
  };
  if (stage === "follow_up")
    return runPrompt(stage, prompt, { ...lead, step: input.step ?? 2, thread: input.thread ?? [] }, targetOf(target), { asWritten: true });
  if (stage === "reply") {
    const reply = input.reply ?? { from: "", subject: "", text: "" };
    return runPrompt(stage, prompt, { ...lead, thread: input.thread ?? [], reply }, targetOf(target), { asWritten: true });
  }
  return runPrompt(stage, prompt, lead, targetOf(target), { asWritten: true });
}

export async function runCase(target: EvalTarget, evalCase: EvalCase): Promise<CaseResult> {
  const ran = await ask(target, evalCase.input);
  const fail = (failure: string, output: unknown = null) => ({
    valid: false,
    passed: false,
    output,
    outputText: output === null ? "" : outputText(target.stage, output),
    failures: [failure],
  });
  switch (ran.kind) {
    case "later":
      return { ...fail(`The provider could not answer: ${ran.message}`), latencyMs: 0, costMicros: 0 };
    case "failed":
      return { ...fail(`The provider refused: ${ran.message}`), latencyMs: ran.latencyMs, costMicros: ran.costMicros };
    case "invalid":
      return { ...fail(ran.message, ran.answer ?? null), latencyMs: ran.latencyMs, costMicros: ran.costMicros };
    case "done": {
      const output = ran.output as Record<string, unknown>;
      const shown = "answer" in ran ? ran.answer : output;
      const failures = expectations(target, evalCase.input, evalCase.expect, output);
      return {
        valid: true,
        passed: failures.length === 0,
        output: shown,
        outputText: outputText(target.stage, shown),
        failures,
        latencyMs: ran.latencyMs,
        costMicros: ran.costMicros,
      };
    }
  }
}
