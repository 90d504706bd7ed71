import { db, sql } from "@/lib/db";
import { LEAD_FACT_COLUMNS, RUN_CONTEXT_SELECT, stageContext, type LeadFactRow } from "@/lib/pipeline/stage-context";
import { reviewOne, signedReview } from "@/lib/pipeline/review-drafts";
import { withOpeningCount, type Review } from "@/lib/review-checks";
import { identitiesOf } from "@/lib/senders/signer";
import { threadsOf } from "@/lib/sending/thread";

// Evidence and checks for an edited draft (contract §13): the same sources it was written from
// (the lead, its signals, the run's offer and pack, the thread before its step), without the local
// engine's line map, so every sentence's sources are read by overlap.

type DraftRow = { id: string; runId: string; runLeadId: string; leadId: string; step: number };

export async function recheckDraft(draft: DraftRow, subject: string, body: string): Promise<Review> {
  const run = await db().run.findUniqueOrThrow({ where: { id: draft.runId }, select: RUN_CONTEXT_SELECT });
  const context = stageContext(run);
  const { rows } = await sql().query<LeadFactRow>(`SELECT ${LEAD_FACT_COLUMNS} FROM leads l WHERE l.id = $1`, [draft.leadId]);
  const lead = rows[0] ?? {};
  const thread = draft.step > 1 ? ((await threadsOf([draft.runLeadId], draft.step)).get(draft.runLeadId) ?? []) : [];
  const review = reviewOne(
    { draft: { subject, body }, lead, signals: lead.signals ?? null, thread: thread.map((m) => ({ subject: m.subject, body: m.body })) },
    signedReview(
      { offer: context.offer, senderName: context.senderName, maxWords: run.pack.maxWords },
      (await identitiesOf([draft.runLeadId])).get(draft.runLeadId),
    ),
  );
  if (draft.step > 1 || !review.opening) return { ...review, opening: draft.step > 1 ? null : review.opening };
  const others = await db().draft.count({ where: { runId: draft.runId, opening: review.opening, id: { not: draft.id } } });
  return withOpeningCount(review, others);
}
