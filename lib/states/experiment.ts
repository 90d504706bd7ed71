import { labelled, named } from "@/lib/states/define";

// A prompt experiment's status (lib/experiments/): computed from `concludedAt`, not a stored column. Browser-safe.

export const EXPERIMENT_STATUSES = ["running", "concluded"] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const EXPERIMENT_STATUS = named(EXPERIMENT_STATUSES);
export const EXPERIMENT_STATUS_LABELS = labelled(EXPERIMENT_STATUSES, { running: "Running", concluded: "Concluded" });
