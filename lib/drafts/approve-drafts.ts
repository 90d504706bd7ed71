import { z } from "zod";
import { AppError } from "@/lib/errors";
import { approveDraft, type Reviewer } from "@/lib/drafts/review-draft";

// Bulk approval from the review queue: each draft goes through approveDraft, the same function as
// POST /v1/drafts/{id}/approve, so each gets its own transaction, audit entry and send, and its own
// draft.approved event when its undo window closes (lib/drafts/announce-approval.ts). One draft's
// refusal (already reviewed, gone) does not stop the others.

export const ApproveDraftsBody = z.strictObject({
  ids: z
    .array(z.string().regex(/^drf_[0-9a-z]{26}$/))
    .min(1)
    .max(100),
});

export type BulkOutcome = { id: string; ok: true; status: string } | { id: string; ok: false; code: string; message: string };

export async function approveDrafts(workspaceId: string, ids: string[], reviewer: Reviewer, options: { sendAfter?: Date } = {}) {
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
