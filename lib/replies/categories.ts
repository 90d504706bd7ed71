// What a reply can be classified as (track's answer, a reviewer's correction), and which of them a
// track prompt version allows. A pure module of its own, beside replies: the web app's forms list
// them, and both classifiers (lib/engine/local/classify-reply.ts, lib/replies/classify-reply-with-prompt.ts)
// import them from here.
export const REPLY_CATEGORIES = [
  "interested",
  "meeting_request",
  "question",
  "not_interested",
  "out_of_office",
  "wrong_person",
  "unsubscribe",
  "bounce",
  "other",
] as const;
export type ReplyCategory = (typeof REPLY_CATEGORIES)[number];

/** The categories a track prompt version lists on its "Categories: a, b, c." line (all when it has none); "other" always. */
export function allowedCategories(system: string): ReplyCategory[] {
  const line = /Categories:\s*([^\n]+)/i.exec(system);
  if (!line) return [...REPLY_CATEGORIES];
  const listed = line[1]
    .split(/[,.]/)
    .map((part) => part.trim())
    .filter((part): part is ReplyCategory => (REPLY_CATEGORIES as readonly string[]).includes(part));
  return listed.includes("other") ? listed : [...listed, "other"];
}
