import { z } from "zod";
import type { Draft } from "@/lib/generated/prisma/client.ts";
import { config } from "@/lib/config";
import { PromptRef } from "@/lib/prompts/present-version";
import { DRAFT_STATUSES, SEND_STATUSES } from "@/lib/statuses";

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
    step: z.number().int().min(1).meta({ description: "The campaign step: 1 is the first email, 2 and later are follow-ups sent in its thread" }),
    status: z.enum(DRAFT_STATUSES).meta({ description: "`canceled`: a follow-up whose lead's sequence ended (a reply, a bounce, a stop) before it was sent" }),
    subject: z.string(),
    body: z.string(),
    edited: z.boolean(),
    prompt: PromptRef.nullable(),
    reviewer: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    reject_reason: z.string().nullable(),
    review_url: z.string(),
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
    step: draft.step,
    status: draft.status as (typeof DRAFT_STATUSES)[number],
    subject: draft.subject,
    body: draft.body,
    edited: draft.edited,
    prompt: draft.promptVersion ? { name: draft.promptVersion.prompt.name, version: draft.promptVersion.version } : null,
    reviewer: draft.reviewerId,
    reviewed_at: draft.reviewedAt?.toISOString() ?? null,
    reject_reason: draft.rejectReason,
    review_url: `${config().APP_URL}/review/drafts/${draft.id}`,
    created_at: draft.createdAt.toISOString(),
    updated_at: draft.updatedAt.toISOString(),
    send: presentSend(draft.send),
  };
}
