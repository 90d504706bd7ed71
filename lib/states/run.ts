import { isIn, labelled, named } from "@/lib/states/define";

// A run's statuses (`runs.status`; moves and writes: lib/lifecycle/run.ts), their groups and labels.
// Browser-safe: lib/lifecycle/ and components/ both import this.

export const RUN_STATUSES = ["queued", "importing", "running", "awaiting_review", "sending", "completed", "failed", "canceled"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_STATUS = named(RUN_STATUSES);
export const RUN_STATUS_LABELS = labelled(RUN_STATUSES);

const { queued, importing, running, awaiting_review, sending, completed, failed, canceled } = RUN_STATUS;

/** States no worker moves a run out of on its own (a retried send is a person's decision). */
export const ENDED_RUN_STATUSES = [completed, failed, canceled] as const satisfies readonly RunStatus[];
/** The states in which a run's leads move on their own (settleRun recomputes among them). */
export const ACTIVE_RUN_STATUSES = [running, awaiting_review, sending] as const satisfies readonly RunStatus[];
/** The states the import job works in (a run that has not started its stages yet). */
export const IMPORT_RUN_STATUSES = [queued, importing] as const satisfies readonly RunStatus[];
/**
 * The states in which a worker moves the run with no person needed: importing, or active but not
 * waiting for a reviewer. The UI polls a run fast while it is in one of them.
 */
export const WORKING_RUN_STATUSES = [...IMPORT_RUN_STATUSES, running, sending] as const satisfies readonly RunStatus[];

/** The states in which a run's leads are still imported or put through the machine stages (nothing to compare a replay with yet). */
export const MACHINE_RUN_STATUSES = [...IMPORT_RUN_STATUSES, running] as const satisfies readonly RunStatus[];

export const isMachineRun = (status: string | null | undefined) => isIn(MACHINE_RUN_STATUSES, status);
export const isEndedRun = (status: string | null | undefined) => isIn(ENDED_RUN_STATUSES, status);
export const isWorkingRun = (status: string | null | undefined) => isIn(WORKING_RUN_STATUSES, status);
