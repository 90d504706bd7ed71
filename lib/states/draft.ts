import { isIn, labelled, named } from "@/lib/states/define";

// A draft's statuses (`drafts.status`; moves and writes: lib/lifecycle/draft.ts), groups and labels. Browser-safe.

export const DRAFT_STATUSES = ["awaiting_review", "approved", "rejected", "sent", "failed", "canceled"] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];
export const DRAFT_STATUS = named(DRAFT_STATUSES);
export const DRAFT_STATUS_LABELS = labelled(DRAFT_STATUSES);

const { awaiting_review, approved, rejected, sent, failed, canceled } = DRAFT_STATUS;

/** Approvals that stand: approved, and sent or failed since (the approval counts and the announcements read these). */
export const APPROVED_DRAFT_STATUSES = [approved, sent, failed] as const satisfies readonly DraftStatus[];
/** A reviewer can still decide it (approve, reject, edit). */
export const OPEN_DRAFT_STATUSES = [awaiting_review] as const satisfies readonly DraftStatus[];
/** Decided for good: nothing more happens to it (a failed one can still be retried). */
export const CLOSED_DRAFT_STATUSES = [rejected, sent, canceled] as const satisfies readonly DraftStatus[];

export const isOpenDraft = (status: string | null | undefined) => isIn(OPEN_DRAFT_STATUSES, status);
export const isClosedDraft = (status: string | null | undefined) => isIn(CLOSED_DRAFT_STATUSES, status);
