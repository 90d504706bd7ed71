import type { PoolClient } from "pg";
import { config } from "@/lib/config";
import type { Offer } from "@/lib/offer/offer";
import { primeReviews, reviewDraft, withOpeningCount, type CitedSentence, type Review, type WrittenLine } from "@/lib/review-checks";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";
import type { SenderIdentity } from "@/lib/senders/signer";

// Evidence and checks for the drafts a batch writes (contract §13), as the columns to insert.
// repeated_opening counts the run's drafts already written plus the batch's others with the same
// opening; a draft written earlier is not re-checked when later ones repeat its opening.

export type ReviewContext = { offer: Offer; senderName: string; maxWords: number };

/** The context as the lead's sender signs (contract §13): its name, title and signature are sources too. */
export function signedReview(context: ReviewContext, who: SenderIdentity | null | undefined): ReviewContext {
  if (!who) return context;
  const name = who.name ?? "";
  return { ...context, senderName: name, offer: { ...context.offer, sender_name: name, sender_title: who.title, signature: who.signature } };
}

type ToReview = {
  /** This draft's own context (its lead's sender), else the run's. */
  context?: ReviewContext;
  /** `written`: the local engine's lines; `cited`: a hosted model's citations (verified by lib/review-checks). */
  draft: { subject: string; body: string; written?: WrittenLine[]; cited?: CitedSentence[] };
  lead: object;
  signals: object | null;
  thread?: { subject?: string; body: string }[];
};

export function reviewOne(item: ToReview, context: ReviewContext): Review {
  return reviewDraft({
    subject: item.draft.subject,
    body: item.draft.body,
    written: item.draft.written,
    cited: item.draft.cited,
    maxWords: context.maxWords,
    sources: {
      lead: item.lead as Record<string, unknown>,
      signals: item.signals as Record<string, unknown> | null,
      offer: context.offer,
      senderName: context.senderName,
      thread: item.thread,
    },
  });
}

/** A draft's review before the run's openings are counted (reviewDrafts), then its columns (withRunOpenings). */
export type DraftReview = Review;

/**
 * Evidence and checks of a batch's drafts: CPU only, no database, so the caller does it before its
 * transaction. Empty reviews with REVIEW_CHECKS=false (the benchmark's control arm, lib/config: drafts as before issue 36).
 */
export function reviewDrafts(items: ToReview[], context: ReviewContext): DraftReview[] {
  if (!config().REVIEW_CHECKS) return items.map(() => ({ evidence: [], checks: [], risk: "low" as const, opening: null }));
  primeReviews(items.flatMap((item) => [item.draft.subject, item.draft.body]));
  return items.map((item) => reviewOne(item, item.context ?? context));
}

/** The reviews as columns, with repeated_opening counted against the run's drafts already written (inside the writing transaction). */
export async function withRunOpenings(client: PoolClient, runId: string, reviews: DraftReview[]) {
  const openings = [...new Set(reviews.map((r) => r.opening).filter((o): o is string => !!o))];
  const stored = new Map<string, number>();
  if (openings.length) {
    const { rows } = await client.query<{ opening: string; n: number }>(
      `SELECT opening, count(*)::int AS n FROM drafts WHERE "runId" = $1 AND opening = ANY($2) GROUP BY opening`,
      [runId, openings],
    );
    for (const row of rows) stored.set(row.opening, row.n);
  }
  const inBatch = new Map<string, number>();
  for (const r of reviews) if (r.opening) inBatch.set(r.opening, (inBatch.get(r.opening) ?? 0) + 1);
  return reviews.map((review) => {
    const others = review.opening ? (stored.get(review.opening) ?? 0) + inBatch.get(review.opening)! - 1 : 0;
    const r = withOpeningCount(review, others);
    return { evidence: r.evidence, checks: r.checks, risk: r.risk, risk_rank: RISK_ORDER.indexOf(r.risk), opening: r.opening };
  });
}
