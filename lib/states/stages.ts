import { isIn, labelled, named } from "@/lib/states/define";

// The one stage list (issue 34, "one stage registry"): every stage a lead can reach, in order, with
// its label, and every other list of stages (the batch the workers carry a lead through, the stages
// that run a prompt, what a replay can re-run, the `stop_after` values, the run-lead `stage`
// filter) derived from it here. Browser-safe: every UI list of stages reads this module
// (lib/lifecycle/stages.ts re-exports it for lib/).

/** The stages of a run, in the order a lead goes through them. */
export const PIPELINE_STAGES = ["extract_signals", "qualify", "draft_email", "send", "track"] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/** The machine stages a run carries each lead through before human review, in order. */
export const BATCH_STAGES = PIPELINE_STAGES.slice(0, PIPELINE_STAGES.indexOf("draft_email") + 1) as ["extract_signals", "qualify", "draft_email"];
export type BatchStage = (typeof BATCH_STAGES)[number];

/**
 * The stages that run a named prompt (and so can be pinned): the batch stages, `track`, and `reply`
 * (an answer to a lead's reply, contract §13: written after track, not a stage of the batch).
 */
export const REPLY = "reply" as const;
export const MACHINE_STAGES = [...BATCH_STAGES, "track", REPLY] as const;
export type MachineStage = (typeof MACHINE_STAGES)[number];

/** The stages a behaviour diff can put a finished run's leads through again. */
export const REPLAY_STAGES = BATCH_STAGES;

/** Where a run may stop (`stop_after`): any stage. */
export const STOP_AFTER = PIPELINE_STAGES;

/**
 * Every stage that runs a named prompt: the machine stages and `follow_up`, the prompt of a
 * campaign's later steps (contract §12). `follow_up` is not a stage a run's batch carries a lead
 * through, nor pinned per stage (`pins`): a campaign step names its version (lib/campaigns/steps.ts).
 * An eval set is for one of these.
 */
export const FOLLOW_UP = "follow_up" as const;
export const PROMPT_STAGES = [...MACHINE_STAGES, FOLLOW_UP] as const;
export type PromptStage = (typeof PROMPT_STAGES)[number];

/** Every stage name there is: the run's stages and the prompt stages. */
export const STAGES = [...PIPELINE_STAGES, FOLLOW_UP, REPLY] as const;
export type Stage = (typeof STAGES)[number];
/** Each stage by its name (`STAGE.qualify`), so code names a stage without writing its string. */
export const STAGE = named(STAGES);
/** Each stage's label ("draft email"), lower case like the state labels. */
export const STAGE_LABELS = labelled(STAGES, { follow_up: "follow-up" });

/** The stages whose output is an email (a draft a reviewer reads): the first, a follow-up, an answer. */
export const EMAIL_STAGES = [STAGE.draft_email, STAGE.follow_up, STAGE.reply] as const satisfies readonly Stage[];
/** What a stage's output is called in a list of many ("drafts", "verdicts and scores"). */
export const STAGE_OUTPUT_WORDS: Readonly<Record<Stage, string>> = {
  extract_signals: "signal sets",
  qualify: "verdicts and scores",
  draft_email: "drafts",
  follow_up: "follow-ups",
  reply: "answers",
  send: "sends",
  track: "reply classifications",
};

export const isStage = (value: string | null | undefined): value is Stage => isIn(STAGES, value);
/** A stage's label, for a stage name typed as a plain string (wire types); an unknown name in words. */
export const stageLabel = (stage: string): string => (isStage(stage) ? STAGE_LABELS[stage] : stage.replaceAll("_", " "));
export const isEmailStage = (value: string | null | undefined) => isIn(EMAIL_STAGES, value);
