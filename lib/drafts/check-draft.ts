import { z } from "zod";
import { db } from "@/lib/db";
import { NotFound } from "@/lib/errors";
import { CheckSchema, EvidenceSchema, RiskSchema } from "@/lib/review-checks/draft-checks";
import { recheckDraft } from "@/lib/drafts/recheck-draft";

// POST /drafts/{id}/check: evidence and checks for an edit, not saved (the draft page re-checks as
// the reviewer types; an approval with the edit stores them).

export const CheckDraftBody = z
  .strictObject({ subject: z.string().trim().min(1).max(300).optional(), body: z.string().trim().min(1).max(20_000).optional() })
  .meta({ id: "CheckDraft" });

export const DraftReviewSchema = z.object({ evidence: z.array(EvidenceSchema), checks: z.array(CheckSchema), risk: RiskSchema }).meta({ id: "DraftReview" });

export async function checkDraft(workspaceId: string, id: string, edit: z.infer<typeof CheckDraftBody>) {
  const draft = await db().draft.findFirst({
    where: { id, workspaceId },
    select: { id: true, runId: true, runLeadId: true, leadId: true, step: true, subject: true, body: true },
  });
  if (!draft) throw new NotFound("draft");
  const review = await recheckDraft(draft, edit.subject ?? draft.subject, edit.body ?? draft.body);
  return { evidence: review.evidence, checks: review.checks, risk: review.risk };
}
