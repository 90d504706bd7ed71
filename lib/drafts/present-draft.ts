import { z } from "zod";
import type { Draft } from "@/lib/generated/prisma/client.ts";
import { config } from "@/lib/config";
import { PromptRef } from "@/lib/prompts/present-version";
import { DRAFT_STATUSES, SEND_STATUSES } from "@/lib/statuses";
import { DRAFT_KINDS, kindOfStep, publicStep } from "@/lib/lifecycle/draft-kind";
import { CheckSchema, EvidenceSchema, RiskSchema, storedChecks, storedEvidence } from "@/lib/review-checks/draft-checks";
import { presentSpamScore, SpamScoreSchema } from "@/lib/spam/spam-score";

export const DraftIdParams = z.object({
  id: z
    .string()
    .regex(/^drf_[0-9a-z]{26}$/)
    .meta({ example: "drf_01jd0000000000000000000000" }),
});

export { DRAFT_STATUSES };

export const DraftSchema = z
  .object({
    id: z.string(),
    lead_id: z.string(),
    run_id: z.string(),
    step: z.number().int().min(1).nullable().meta({
      description: "The campaign step: 1 is the first email, 2 and later are follow-ups sent in its thread; null for an answer to a reply (`kind` reply)",
    }),
    kind: z.enum(DRAFT_KINDS).meta({
      description: "`first` (step 1), `follow_up` (a later step) or `reply` (an answer to the lead's reply, sent in the reply's thread; contract §13)",
    }),
    reply_id: z.string().nullable().meta({ description: "The reply an answer (`kind` reply) answers; null for other kinds" }),
    status: z.enum(DRAFT_STATUSES).meta({ description: "`canceled`: a follow-up whose lead's sequence ended (a reply, a bounce, a stop) before it was sent" }),
    subject: z.string(),
    body: z.string(),
    edited: z.boolean(),
    prompt: PromptRef.nullable(),
    reviewer: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    reject_reason: z.string().nullable(),
    decision_ms: z.number().int().nullable().meta({
      description:
        "How long the deciding reviewer took: from their first read of the draft (its page or `GET /drafts/{id}`) to the approval or rejection; null while undecided or when they never read it first (contract §13)",
    }),
    review_url: z.string(),
    evidence: z.array(EvidenceSchema).meta({ description: "One item per sentence of the subject and body, with the sources that support it (contract §13)" }),
    checks: z
      .array(CheckSchema)
      .meta({ description: "What a reviewer should look at; `block` checks refuse approval (409 `draft_blocked`) without `override_reason`" }),
    risk: RiskSchema,
    spam_score: SpamScoreSchema.meta({
      description:
        "SpamAssassin's score of the draft as the message we would send, computed in its own job after the draft is written or edited (contract §13)",
    }),
    created_at: z.string(),
    updated_at: z.string(),
    send: z
      .object({
        status: z.enum(SEND_STATUSES),
        message_id: z.string(),
        attempts: z.number().int(),
        error: z.string().nullable(),
        accepted_at: z.string().nullable(),
        confirmed: z.boolean(),
        sender_id: z.string().nullable().meta({ description: "The sender it goes through (null: the default sender)" }),
        scheduled_for: z.string().nullable().meta({ description: "When it will go: its slot in the campaign's window and its sender's cap (null: at once)" }),
      })
      .nullable()
      .meta({
        description:
          "The send of an approved draft: `waiting_relay` until a relay is configured, then pending → sending → committing → sent (or failed, retryable from the draft page). `in_doubt` when a crash left its outcome unknown: never reported as sent until the mailbox's Sent folder or a reviewer resolves it (`GET /sends?status=in_doubt`, `POST /sends/{id}/resolve`). `confirmed` is false when a reviewer recorded it sent without the relay's answer (docs/reliability.md).",
      }),
  })
  .meta({ id: "Draft" });

type SendSummary = {
  status: string;
  messageId: string;
  attempts: number;
  error: string | null;
  acceptedAt: Date | null;
  confirmed: boolean;
  senderId: string | null;
  scheduledFor: Date | null;
};
export type DraftWithContext = Draft & {
  promptVersion: { version: string; prompt: { name: string } } | null;
  reviewerEmail?: string | null;
  send?: SendSummary | null;
};

export const DRAFT_INCLUDE = {
  promptVersion: { select: { version: true, prompt: { select: { name: true } } } },
  send: { select: { status: true, messageId: true, attempts: true, error: true, acceptedAt: true, confirmed: true, senderId: true, scheduledFor: true } },
} as const;

function presentSend(send: SendSummary | null | undefined) {
  if (!send) return null;
  return {
    status: send.status as (typeof SEND_STATUSES)[number],
    message_id: send.messageId,
    attempts: send.attempts,
    error: send.error,
    accepted_at: send.acceptedAt?.toISOString() ?? null,
    confirmed: send.confirmed,
    sender_id: send.senderId,
    scheduled_for: send.scheduledFor?.toISOString() ?? null,
  };
}

export function presentDraft(draft: DraftWithContext) {
  return {
    id: draft.id,
    lead_id: draft.leadId,
    run_id: draft.runId,
    step: publicStep(draft.step),
    kind: kindOfStep(draft.step),
    reply_id: draft.replyId,
    status: draft.status as (typeof DRAFT_STATUSES)[number],
    subject: draft.subject,
    body: draft.body,
    edited: draft.edited,
    prompt: draft.promptVersion ? { name: draft.promptVersion.prompt.name, version: draft.promptVersion.version } : null,
    reviewer: draft.reviewerId,
    reviewed_at: draft.reviewedAt?.toISOString() ?? null,
    reject_reason: draft.rejectReason,
    decision_ms: draft.decisionMs,
    review_url: `${config().APP_URL}/review/drafts/${draft.id}`,
    evidence: storedEvidence(draft.evidence),
    checks: storedChecks(draft.checks),
    risk: draft.risk as "low" | "medium" | "high",
    spam_score: presentSpamScore(draft),
    created_at: draft.createdAt.toISOString(),
    updated_at: draft.updatedAt.toISOString(),
    send: presentSend(draft.send),
  };
}
