// The one stage list: every stage a lead of a run can reach, in order. Every other list of stages
// (the batch the workers carry a lead through, the stages that run a prompt, what a replay can
// re-run, the `stop_after` values, the run-lead `stage` filter) is derived from it here.
// Pure data: safe to import from components/.

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
 */
export const FOLLOW_UP = "follow_up" as const;
export const PROMPT_STAGES = [...MACHINE_STAGES, FOLLOW_UP] as const;
export type PromptStage = (typeof PROMPT_STAGES)[number];
