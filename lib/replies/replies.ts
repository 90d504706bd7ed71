import { z } from "zod";
import { db } from "@/lib/db";
import type { Prisma, Reply } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, ListQuery, RunIdFilter, toPage } from "@/lib/http/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { suppress } from "@/lib/suppressions/suppressions";
import { newId } from "@/lib/ids";
import { enqueueAfterCommit } from "@/lib/queues";
import { moveLead } from "@/lib/lifecycle/lead";
import { isHardBounceText, pauseOnHardBounces } from "@/lib/senders/health";
import { LEAD_STATUS } from "@/lib/statuses";
import { referralOf } from "@/lib/replies/find-referral";
import { bracketed, madeReplyMessageId } from "@/lib/replies/answer-thread";

// Replies handed in by a relay or mail processor, matched to the draft they answer by the
// Message-ID we sent (In-Reply-To) or by draft id, then classified by the track stage.

const EARLIEST_RECEIVED = Date.UTC(2000, 0, 1);
const LATEST_AHEAD_MS = 86_400_000;

export const CreateReplyBody = z
  .strictObject({
    in_reply_to: z.string().trim().min(3).max(998).optional().meta({ description: "The Message-ID of our email (with or without <>)" }),
    draft_id: z.string().max(40).optional(),
    message_id: z
      .string()
      .trim()
      .min(3)
      .max(998)
      .regex(/^<?[^<>\s]+@[^<>\s]+>?$/, { error: "must look like a Message-ID: <local@domain>" })
      .optional()
      .meta({ description: "The reply's own Message-ID (with or without <>); an answer is sent In-Reply-To it. One is made when absent" }),
    from: z.email().max(320),
    subject: z.string().max(998).default(""),
    text: z.string().max(100_000),
    received_at: z.iso
      .datetime({ offset: true })
      .refine((value) => Date.parse(value) >= EARLIEST_RECEIVED, { error: "must be on or after 2000-01-01" })
      .refine((value) => Date.parse(value) <= Date.now() + LATEST_AHEAD_MS, { error: "must not be more than a day in the future" })
      .meta({ description: "When the reply arrived: from 2000-01-01 to at most a day ahead of now (clock skew)" }),
    auto_submitted: z
      .string()
      .trim()
      .max(200)
      .optional()
      .meta({ description: "The reply's Auto-Submitted header (RFC 3834), if it had one: anything but `no` marks an automatic answer" }),
  })
  .refine((body) => body.in_reply_to || body.draft_id, { message: "give in_reply_to or draft_id", path: ["in_reply_to"] })
  .meta({ id: "CreateReply" });
export type CreateReplyBody = z.infer<typeof CreateReplyBody>;

export const ReplySchema = z
  .object({
    id: z.string(),
    lead_id: z.string().nullable(),
    draft_id: z.string().nullable(),
    run_id: z.string().nullable(),
    from: z.string(),
    subject: z.string(),
    text: z.string().meta({ description: "What the person wrote, without quoted text and signature when read from the mailbox" }),
    received_at: z.string(),
    classification: z.string().nullable(),
    confidence: z.number().nullable(),
    classified_at: z.string().nullable(),
    source: z.enum(["mailbox", "api"]),
    corrected_by: z.string().nullable().meta({ description: "The reviewer whose correction overrides the classifier" }),
    classifier_classification: z.string().nullable().meta({ description: "What the classifier said, when a reviewer corrected it" }),
    corrected_at: z.string().nullable(),
    handled: z.boolean().meta({ description: "A reviewer marked it handled (the inbox lists it apart)" }),
    handled_at: z.string().nullable(),
    handled_by: z.string().nullable().meta({ description: "The user who marked it handled" }),
    auto_submitted: z.string().nullable().meta({ description: "Its Auto-Submitted header (RFC 3834) when it had one other than `no`" }),
    referral: z
      .object({
        email: z.string(),
        name: z.string().nullable(),
        lead_id: z.string().nullable().meta({ description: "The lead made from it once a reviewer followed it (POST /replies/{id}/referral)" }),
        run_id: z.string().nullable().meta({ description: "The one-lead run started for it" }),
      })
      .nullable()
      .meta({ description: "For a `wrong_person` reply that names another address: who to write to instead" }),
    message_id: z.string().nullable().meta({ description: "The reply's own Message-ID (read from the mailbox, given to POST /replies, or made when absent)" }),
    answer_draft_id: z.string().nullable().meta({
      description:
        "Its newest answer draft (`kind` reply, contract §13), written for interested, meeting_request and question replies or asked for with POST /replies/{id}/answer; null: none",
    }),
    created_at: z.string(),
  })
  .meta({ id: "Reply" });

const REPLY_INCLUDE = {
  draft: { select: { runId: true } },
  lead: { select: { email: true } },
  answers: { select: { id: true }, orderBy: { id: "desc" }, take: 1 },
} as const;
type ReplyRow = Reply & { draft: { runId: string } | null; lead: { email: string } | null; answers?: { id: string }[] };

export function presentReply(reply: ReplyRow) {
  return {
    id: reply.id,
    lead_id: reply.leadId,
    draft_id: reply.draftId,
    run_id: reply.draft?.runId ?? null,
    from: reply.fromEmail,
    subject: reply.subject,
    text: reply.text,
    received_at: reply.receivedAt.toISOString(),
    classification: reply.classification,
    confidence: reply.confidence,
    classified_at: reply.classifiedAt?.toISOString() ?? null,
    source: reply.inboundMessageId ? ("mailbox" as const) : ("api" as const),
    corrected_by: reply.correctedById,
    classifier_classification: reply.correctedAt ? reply.classifierClassification : null,
    corrected_at: reply.correctedAt?.toISOString() ?? null,
    handled: reply.handledAt !== null,
    handled_at: reply.handledAt?.toISOString() ?? null,
    handled_by: reply.handledById,
    auto_submitted: reply.autoSubmitted,
    referral: presentReferral(reply),
    message_id: reply.messageId,
    answer_draft_id: reply.answers?.[0]?.id ?? null,
    created_at: reply.createdAt.toISOString(),
  };
}

function presentReferral(reply: ReplyRow) {
  const referral = referralOf(reply);
  return referral ? { ...referral, lead_id: reply.referralLeadId, run_id: reply.referralRunId } : null;
}

/** `handled=true|false` in a query string (anything else is a 400). */
export const HandledFilter = z
  .enum(["true", "false"])
  .transform((value) => value === "true")
  .meta({ description: "true: only replies marked handled; false: only those not yet handled" });
/** `since`: an ISO 8601 time with its offset; replies received at or after it. */
export const SinceFilter = z.iso
  .datetime({ offset: true })
  .transform((value) => new Date(value))
  .meta({ description: "Only replies received at or after this time (ISO 8601 with offset)" });

export const RepliesQuery = ListQuery.extend({
  run_id: RunIdFilter.optional(),
  classification: z.enum(REPLY_CATEGORIES).optional(),
  handled: HandledFilter.optional(),
  since: SinceFilter.optional(),
});

/** The filters GET /replies and the inbox share. */
export function replyFilters(query: { classification?: string; handled?: boolean; since?: Date; run_id?: string }): Prisma.ReplyWhereInput {
  return {
    ...(query.classification ? { classification: query.classification } : {}),
    ...(query.handled === undefined ? {} : { handledAt: query.handled ? { not: null } : null }),
    ...(query.since ? { receivedAt: { gte: query.since } } : {}),
    ...(query.run_id ? { draft: { runId: query.run_id } } : {}),
  };
}

export async function listReplies(workspaceId: string, query: z.infer<typeof RepliesQuery>) {
  const after = decodeCursor("replies", workspaceId, query.cursor);
  const rows = await db().reply.findMany({
    where: {
      workspaceId,
      ...(after ? { id: { lt: after } } : {}),
      ...replyFilters(query),
    },
    include: REPLY_INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "replies", workspaceId, presentReply);
}

export const UpdateReplyBody = z
  .strictObject({
    classification: z.enum(REPLY_CATEGORIES).optional().meta({ description: "A reviewer's correction: wins over the classifier's for good" }),
    handled: z.boolean().optional().meta({ description: "Mark the reply handled (true) or back to be handled (false)" }),
  })
  .refine((body) => body.classification !== undefined || body.handled !== undefined, { message: "give classification or handled", path: ["classification"] })
  .meta({ id: "UpdateReply" });
export type UpdateReplyBody = z.infer<typeof UpdateReplyBody>;

type Reviewer = { userId: string; actor: Actor };

/** PATCH /replies/{id}: a correction, a change of handled, or both (the correction first). */
export async function updateReply(workspaceId: string, id: string, body: UpdateReplyBody, reviewer: Reviewer) {
  if (body.classification !== undefined) await correctReply(workspaceId, id, body.classification, reviewer);
  if (body.handled !== undefined) await markHandled(workspaceId, id, body.handled, reviewer);
  return getReply(workspaceId, id);
}

/** Marks a reply handled or not (reviewer); audited as reply.handled / reply.unhandled when it changes. */
export async function markHandled(workspaceId: string, id: string, handled: boolean, reviewer: Reviewer) {
  await db().$transaction(async (tx) => {
    const current = await tx.reply.findFirst({ where: { id, workspaceId }, select: { handledAt: true } });
    if (!current) throw new NotFound("reply");
    if ((current.handledAt !== null) === handled) return;
    await tx.reply.update({ where: { id }, data: handled ? { handledAt: new Date(), handledById: reviewer.userId } : { handledAt: null, handledById: null } });
    await recordAudit(tx, { workspaceId, actor: reviewer.actor, action: handled ? "reply.handled" : "reply.unhandled", target: { type: "reply", id } });
  });
}

/**
 * A reviewer's classification replaces the classifier's, now and for good (track never touches a
 * corrected reply). Audited with the old and new value; a correction to unsubscribe or bounce
 * suppresses the address like the classifier's would.
 */
export async function correctReply(workspaceId: string, id: string, classification: (typeof REPLY_CATEGORIES)[number], reviewer: Reviewer) {
  const reply = await db().$transaction(async (tx) => {
    const current = await tx.reply.findFirst({ where: { id, workspaceId }, include: { lead: { select: { email: true } } } });
    if (!current) throw new NotFound("reply");
    const now = new Date();
    const updated = await tx.reply.update({
      where: { id },
      include: REPLY_INCLUDE,
      data: {
        classification,
        confidence: 1,
        classifiedAt: current.classifiedAt ?? now,
        correctedById: reviewer.userId,
        correctedAt: now,
        classifierClassification: current.correctedAt ? current.classifierClassification : current.classification,
      },
    });
    await recordAudit(tx, {
      workspaceId,
      actor: reviewer.actor,
      action: "reply.corrected",
      target: { type: "reply", id },
      data: { from: current.classification, to: classification },
    });
    if ((classification === "unsubscribe" || classification === "bounce") && current.lead) {
      await moveLead(current.leadId!, LEAD_STATUS.suppressed, { tx }); // a bounced lead stays bounced
      await suppress({ workspaceId, email: current.lead.email, reason: `Reply corrected to ${classification}`, source: "reply", actor: reviewer.actor }, tx);
    }
    // A hard bounce (a 5.x.x notice) counts against the sender it answers, which it may pause.
    if (classification === "bounce" && current.draftId && isHardBounceText(current.text)) await pauseOnHardBounces(tx, workspaceId, [current.draftId]);
    return updated;
  });
  return presentReply(reply);
}

export async function createReply(workspaceId: string, body: CreateReplyBody) {
  const messageId = body.in_reply_to ? `<${body.in_reply_to.replace(/^<|>$/g, "")}>` : null;
  const draft = messageId
    ? (await db().send.findFirst({ where: { workspaceId, messageId }, select: { draft: true } }))?.draft
    : await db().draft.findFirst({ where: { id: body.draft_id, workspaceId } });
  if (!draft) throw new ValidationFailed([{ path: messageId ? "in_reply_to" : "draft_id", message: "matches no email sent from this workspace" }]);
  const replyId = newId("rpl");
  const reply = await db().reply.create({
    include: REPLY_INCLUDE,
    data: {
      id: replyId,
      messageId: body.message_id ? bracketed(body.message_id) : madeReplyMessageId(replyId),
      workspaceId,
      leadId: draft.leadId,
      draftId: draft.id,
      inReplyTo: messageId,
      fromEmail: body.from,
      subject: body.subject,
      text: body.text,
      receivedAt: new Date(body.received_at),
      autoSubmitted: body.auto_submitted && body.auto_submitted.toLowerCase() !== "no" ? body.auto_submitted : null,
    },
  });
  // If Redis is away, the resume sweep classifies it later.
  await enqueueAfterCommit("track", { v: 1, replyId: reply.id });
  return presentReply(reply);
}

export async function getReply(workspaceId: string, id: string) {
  const reply = await db().reply.findFirst({ where: { id, workspaceId }, include: REPLY_INCLUDE });
  if (!reply) throw new NotFound("reply");
  return presentReply(reply);
}
