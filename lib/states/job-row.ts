import { isIn, labelled, named } from "@/lib/states/define";

// Evaluations and replays (`evaluations.status`, `replays.status`): work done by a worker queue. Browser-safe.

export const JOB_ROW_STATUSES = ["queued", "running", "done", "failed"] as const;
export type JobRowStatus = (typeof JOB_ROW_STATUSES)[number];
export const JOB_ROW_STATUS = named(JOB_ROW_STATUSES);
export const JOB_ROW_STATUS_LABELS = labelled(JOB_ROW_STATUSES);
/** Not settled yet: a worker has it, or will. */
export const UNSETTLED_JOB_ROW_STATUSES = [JOB_ROW_STATUS.queued, JOB_ROW_STATUS.running] as const satisfies readonly JobRowStatus[];

export const isUnsettledJobRow = (status: string | null | undefined) => isIn(UNSETTLED_JOB_ROW_STATUSES, status);
