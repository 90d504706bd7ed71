import { z } from "zod";
import { db } from "@/lib/db";
import { AppError, NotFound } from "@/lib/errors";
import { DRAFT_STATUS } from "@/lib/statuses";
import { approveDraft, type Reviewer } from "@/lib/drafts/review-draft";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";
import type { Risk } from "@/lib/review-checks";

// Bulk approval from the review queue: each draft goes through approveDraft, the same function as
// POST /v1/drafts/{id}/approve, so each gets its own transaction, audit entry and send, and its own
// draft.approved event when its undo window closes (lib/sending/announce-approval.ts). One draft's
// refusal (already reviewed, gone) does not stop the others.

export const ApproveDraftsBody = z.strictObject({
  ids: z
    .array(z.string().regex(/^drf_[0-9a-z]{26}$/))
    .min(1)
    .max(100),
});

export type BulkOutcome = { id: string; ok: true; status: string } | { id: string; ok: false; code: string; message: string };

const LOW_RISK = RISK_ORDER[0];

/** `risk`: approve only drafts of this risk at the moment of their approval (approveDraft checks it in its transaction's read). */
export async function approveDrafts(workspaceId: string, ids: string[], reviewer: Reviewer, options: { sendAfter?: Date; risk?: Risk } = {}) {
  const results: BulkOutcome[] = [];
  for (const id of new Set(ids)) {
    try {
      const draft = await approveDraft(workspaceId, id, {}, reviewer, options);
      results.push({ id, ok: true, status: draft.status });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ id, ok: false, code: error.code, message: error.message });
    }
  }
  return { approved: results.filter((r) => r.ok).length, results };
}

/**
 * "Approve the N low-risk drafts of this run": the server picks them at approval time (the run's
 * drafts awaiting review whose risk is low: no block or warn check), then approves each as above.
 * What the page counted beforehand does not decide; the answer says what was approved.
 */
export async function approveLowRiskDrafts(workspaceId: string, runId: string, reviewer: Reviewer, options: { sendAfter?: Date } = {}) {
  const run = await db().run.findFirst({ where: { id: runId, workspaceId }, select: { id: true } });
  if (!run) throw new NotFound("run");
  const drafts = await db().draft.findMany({
    where: { workspaceId, runId, status: DRAFT_STATUS.awaiting_review, risk: LOW_RISK },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return approveDrafts(
    workspaceId,
    drafts.map((draft) => draft.id),
    reviewer,
    { ...options, risk: LOW_RISK },
  );
}
