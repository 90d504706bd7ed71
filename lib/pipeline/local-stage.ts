import { draftEmail } from "@/lib/engine/local/draft";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import { qualifyLead } from "@/lib/engine/local/qualify";
import { extractSignals, type Signals } from "@/lib/engine/local/signals";
import type { IcpRules } from "@/lib/packs/icp";
import type { BatchStage } from "@/lib/pipeline/stages";
import type { ResolvedPrompt } from "@/lib/pipeline/resolve-prompts";
import type { Offer } from "@/lib/offer/offer";
import { offerVariables } from "@/lib/offer/offer-variables";

// One machine stage for one lead on the built-in `local` provider: deterministic, no network.

export type StageInput = { facts: LeadFacts; signals: Signals | null };
export type StageOutput =
  | { stage: "extract_signals"; signals: Signals }
  | { stage: "qualify"; score: number; qualified: boolean; reasons: string[] }
  | { stage: "draft_email"; subject: string; body: string };

export function runLocalStage(stage: BatchStage, input: StageInput, prompt: ResolvedPrompt, context: { icp: IcpRules; senderName: string; offer: Offer }): StageOutput {
  switch (stage) {
    case "extract_signals":
      return { stage, signals: extractSignals(input.facts, prompt.userTemplate) };
    case "qualify":
      return { stage, ...qualifyLead(input.facts, input.signals ?? {}, context.icp) };
    case "draft_email":
      return {
        stage,
        ...draftEmail({ lead: input.facts, signals: input.signals ?? {}, userTemplate: prompt.userTemplate, system: prompt.system, variables: offerVariables(context.offer, context.senderName) }),
      };
  }
}
