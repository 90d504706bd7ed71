// What a reply can be classified as (track's answer, a reviewer's correction). A module of its own
// so the web app's forms can list them without the classifier.
export const REPLY_CATEGORIES = ["interested", "meeting_request", "question", "not_interested", "out_of_office", "wrong_person", "unsubscribe", "bounce", "other"] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];
