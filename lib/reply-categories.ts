// What a reply can be classified as (track's answer, a reviewer's correction), and which of them a
// track prompt version allows. A pure module among the shared pieces at the bottom of lib/ (like
// statuses.ts; docs/architecture.md "Layers"): the web app's forms list them, and both classifiers
// (lib/engine/local/classify-reply.ts, lib/replies/classify-reply-with-prompt.ts) and the prompts'
// output schemas (lib/prompts/stage-output.ts) import them from here, so none of those imports lib/replies.
export const REPLY_CATEGORIES = [
  "interested",
  "meeting_request",
  "question",
  "not_interested",
  "out_of_office",
  "auto_reply",
  "wrong_person",
  "unsubscribe",
  "bounce",
  "other",
] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];

/**
 * The categories a track prompt version lists on its "Categories: a, b, c." line (all when it has
 * none); "other" always, and "auto_reply" always: an automatic answer is known by its
 * Auto-Submitted header (RFC 3834) or its form, whatever the version lists, and must never end or
 * pause a sequence as a person's answer would (versions written before it existed do not name it).
 */
export function allowedCategories(system: string): ReplyCategory[] {
  const line = /Categories:\s*([^\n]+)/i.exec(system);
  if (!line) return [...REPLY_CATEGORIES];
  const listed = line[1]
    .split(/[,.]/)
    .map((part) => part.trim())
    .filter((part): part is ReplyCategory => (REPLY_CATEGORIES as readonly string[]).includes(part));
  return [...listed, ...(["auto_reply", "other"] as const).filter((always) => !listed.includes(always))];
}
