import type { BatchStage, PromptStage } from "@/lib/lifecycle/stages";
import { STAGE_DEFINITIONS } from "@/lib/stages";
import type { DraftEmailOutput } from "@/lib/stages/draft-email";
import type { ExtractSignalsOutput } from "@/lib/stages/extract-signals";
import type { AnswerOutput, FollowUpOutput, QualifyOutput, TrackOutput } from "@/lib/stages/outputs";

// What each prompt stage answers: its JSON output contract (what an evaluation calls "valid"), and
// the output the pipeline keeps once it is met. Each stage defines both once, in the stage registry
// (lib/stages/); this module reads them for the runner (lib/prompts/run-prompt.ts).

export type { CitedSentence } from "@/lib/stages/definition";
export type { AnswerOutput, FollowUpOutput, TrackOutput };
export { trackAnswerSchema } from "@/lib/stages/track";

/** A batch stage's output as the pipeline keeps it, tagged with its stage. */
export type StageOutput = ExtractSignalsOutput | QualifyOutput | DraftEmailOutput;

/** A batch stage's answer as the pipeline keeps it, or null when it breaks the contract. */
export function toOutput(stage: BatchStage, value: unknown): StageOutput | null {
  return STAGE_DEFINITIONS[stage].read(value, "");
}

/** Any prompt stage's answer read against its contract; null when it breaks it. */
export function readAnswer(stage: PromptStage, system: string, value: unknown): StageOutput | FollowUpOutput | AnswerOutput | TrackOutput | null {
  return STAGE_DEFINITIONS[stage].read(value, system);
}
