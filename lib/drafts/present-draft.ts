import { z } from "zod";
import type { Draft } from "@/lib/generated/prisma/client.ts";
import { config } from "@/lib/config";
import { PromptRef } from "@/lib/prompts/present-version";
import { DRAFT_STATUSES } from "@/lib/statuses";

export const DraftIdParams = z.object({ id: z.string().regex(/^drf_[0-9a-z]{26}$/).meta({ example: "drf_01jd0000000000000000000000" }) });

export { DRAFT_STATUSES };

export const DraftSchema = z
  .object({
    id: z.string(), lead_id: z.string(), run_id: z.string(), status: z.enum(DRAFT_STATUSES), subject: z.string(), body: z.string(),
    edited: z.boolean(), prompt: PromptRef.nullable(), reviewer: z.string().nullable(), reviewed_at: z.string().nullable(),
    reject_reason: z.string().nullable(), review_url: z.string(), created_at: z.string(), updated_at: z.string(),
  })
  .meta({ id: "Draft" });

export type DraftWithContext = Draft & { promptVersion: { version: string; prompt: { name: string } } | null; reviewerEmail?: string | null };

export const DRAFT_INCLUDE = { promptVersion: { select: { version: true, prompt: { select: { name: true } } } } } as const;

export function presentDraft(draft: DraftWithContext) {
  return {
    id: draft.id, lead_id: draft.leadId, run_id: draft.runId, status: draft.status as (typeof DRAFT_STATUSES)[number],
    subject: draft.subject, body: draft.body, edited: draft.edited,
    prompt: draft.promptVersion ? { name: draft.promptVersion.prompt.name, version: draft.promptVersion.version } : null,
    reviewer: draft.reviewerId, reviewed_at: draft.reviewedAt?.toISOString() ?? null, reject_reason: draft.rejectReason,
    review_url: `${config().APP_URL}/review/drafts/${draft.id}`,
    created_at: draft.createdAt.toISOString(), updated_at: draft.updatedAt.toISOString(),
  };
}
