import type { PromptStage } from "@/lib/states/stages";
import { draftEmail } from "@/lib/stages/draft-email";
import { extractSignals } from "@/lib/stages/extract-signals";
import { followUp } from "@/lib/stages/follow-up";
import { qualify } from "@/lib/stages/qualify";
import { reply } from "@/lib/stages/reply";
import { track } from "@/lib/stages/track";

// The stage registry: every prompt stage's definition (lib/stages/definition.ts), by name. Code that
// used to branch on stage names one by one reads a stage's template variables and output contract
// here. The names, order and labels stay in lib/states/stages.ts.

export const STAGE_DEFINITIONS = {
  extract_signals: extractSignals,
  qualify,
  draft_email: draftEmail,
  follow_up: followUp,
  reply,
  track,
} as const satisfies { [Stage in PromptStage]: { stage: Stage } };

export type StageOutputOf<Stage extends PromptStage> = NonNullable<ReturnType<(typeof STAGE_DEFINITIONS)[Stage]["read"]>>;

/** A stage's definition by a name that may not be a stage's (a prompt's base name): undefined then. */
export function stageDefinition(name: string): (typeof STAGE_DEFINITIONS)[PromptStage] | undefined {
  return Object.hasOwn(STAGE_DEFINITIONS, name) ? STAGE_DEFINITIONS[name as PromptStage] : undefined;
}
