// Each stage's output type, from its module (one import for the code that handles several).
export type { ExtractSignalsOutput } from "@/lib/stages/extract-signals";
export type { QualifyOutput } from "@/lib/stages/qualify";
export type { DraftEmailOutput } from "@/lib/stages/draft-email";
export type { FollowUpOutput } from "@/lib/stages/follow-up";
export type { AnswerOutput } from "@/lib/stages/reply";
export type { TrackOutput } from "@/lib/stages/track";
