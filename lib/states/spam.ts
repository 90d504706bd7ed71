import { labelled, named } from "@/lib/states/define";

// A draft's SpamAssassin score status (`drafts.spamStatus`; the job that fills it: lib/spam/score-draft.ts). Browser-safe.

export const SPAM_STATUSES = ["pending", "scored", "unavailable"] as const;
export type SpamStatus = (typeof SPAM_STATUSES)[number];
export const SPAM_STATUS = named(SPAM_STATUSES);
export const SPAM_STATUS_LABELS = labelled(SPAM_STATUSES);
/** §13: a SpamAssassin score of this or more is a `warn` check. */
export const SPAM_WARN_SCORE = 5;
