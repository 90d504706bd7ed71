import {
  links,
  openingKey,
  openingOf,
  repeatedOpening,
  senderMismatch,
  spamPhrases,
  tooLong,
  unresolvedVariables,
  unsupportedClaims,
} from "@/lib/review-checks/checks";
import { evidenceOf, readField, sourceWords } from "@/lib/review-checks/evidence";
import { listSources } from "@/lib/review-checks/sources";
import { riskOf, type Review, type ReviewInput } from "@/lib/review-checks/types";

// Evidence and checks for one draft (contract §13). Pure and synchronous: the writer calls it as it
// writes a draft, the edit endpoint on every edit. SpamAssassin's score is not here (its own job, lib/spam).

export const DEFAULT_MAX_WORDS = 150;

export function reviewDraft(input: ReviewInput): Review {
  const all = sourceWords(listSources(input.sources));
  const subject = readField("subject", input.subject, all, input.written, input.cited);
  const body = readField("body", input.body, all, input.written, input.cited);
  const website = input.sources.offer?.website;
  const opening = openingOf(body);
  const checks = [
    ...unsupportedClaims([...subject, ...body]),
    ...unresolvedVariables("subject", input.subject),
    ...unresolvedVariables("body", input.body),
    ...spamPhrases([
      { field: "subject", text: input.subject },
      { field: "body", text: input.body },
    ]),
    ...links("subject", input.subject, website),
    ...links("body", input.body, website),
    ...senderMismatch(input.body, input.sources.senderName),
    ...tooLong(input.body, input.maxWords ?? DEFAULT_MAX_WORDS),
    ...repeatedOpening(opening, input.openingCounts),
  ];
  return { evidence: evidenceOf([...subject, ...body]), checks, risk: riskOf(checks), opening: opening ? openingKey(opening.text) : null };
}

export { openingKey };
/** Before reviewing many drafts at once (a pipeline batch): their fields' new lines read by the spam scorer in one call. */
export { primeSpamPhrases as primeReviews } from "@/lib/review-checks/spam-phrases";
export { sourceKey } from "@/lib/review-checks/cited";
export { listSources } from "@/lib/review-checks/sources";
export * from "@/lib/review-checks/types";

/** Adds repeated_opening once the run's other drafts with the same opening are counted. */
export function withOpeningCount(review: Review, others: number): Review {
  if (others < 3 || !review.opening) return review;
  const item = review.evidence.find((e) => e.field === "body" && openingKey(e.sentence) === review.opening);
  const checks = [
    ...review.checks,
    ...repeatedOpening(item ? { text: item.sentence, span: item.span, field: "body", claims: [], sources: [] } : null, new Map([[review.opening, others]])),
  ];
  return { ...review, checks, risk: riskOf(checks) };
}

export const RISK_RANK: Record<Review["risk"], number> = { low: 0, medium: 1, high: 2 };
