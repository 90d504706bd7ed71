import { z } from "zod";
import { db } from "@/lib/db";
import type { Reply } from "@/lib/generated/prisma/client.ts";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { REPLY_CATEGORIES } from "@/lib/replies/categories";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { suppress } from "@/lib/suppressions/suppressions";
import { newId } from "@/lib/ids";
import { enqueueAfterCommit } from "@/lib/queues";
import { moveLead } from "@/lib/lifecycle/lead";
import { LEAD_STATUS } from "@/lib/statuses";

// Replies handed in by a relay or mail processor, matched to the draft they answer by the
// Message-ID we sent (In-Reply-To) or by draft id, then classified by the track stage.

export const CreateReplyBody = z
  .strictObject({
    in_reply_to: z.string().trim().min(3).max(998).optional().meta({ description: "The Message-ID of our email (with or without <>)" }),
    draft_id: z.string().max(40).optional(),
    from: z.email().max(320),
    subject: z.string().max(998).default(""),
    text: z.string().max(100_000),
    received_at: z.iso.datetime({ offset: true }),
  })
  .refine((body) => body.in_reply_to || body.draft_id, { message: "give in_reply_to or draft_id", path: ["in_reply_to"] })
  .meta({ id: "CreateReply" });
export type CreateReplyBody = z.infer<typeof CreateReplyBody>;

export const ReplySchema = z
  .object({
    id: z.string(), lead_id: z.string().nullable(), draft_id: z.string().nullable(), run_id: z.string().nullable(), from: z.string(), subject: z.string(),
    text: z.string().meta({ description: "What the person wrote, without quoted text and signature when read from the mailbox" }),
    received_at: z.string(), classification: z.string().nullable(), confidence: z.number().nullable(), classified_at: z.string().nullable(),
    source: z.enum(["mailbox", "api"]), corrected_by: z.string().nullable().meta({ description: "The reviewer whose correction overrides the classifier" }),
    classifier_classification: z.string().nullable().meta({ description: "What the classifier said, when a reviewer corrected it" }),
    corrected_at: z.string().nullable(), created_at: z.string(),
  })
  .meta({ id: "Reply" });

const REPLY_INCLUDE = { draft: { select: { runId: true } } } as const;
type ReplyRow = Reply & { draft: { runId: string } | null };

export function presentReply(reply: ReplyRow) {
  return {
    id: reply.id, lead_id: reply.leadId, draft_id: reply.draftId, run_id: reply.draft?.runId ?? null, from: reply.fromEmail, subject: reply.subject, text: reply.text,
    received_at: reply.receivedAt.toISOString(), classification: reply.classification, confidence: reply.confidence,
    classified_at: reply.classifiedAt?.toISOString() ?? null, source: reply.inboundMessageId ? ("mailbox" as const) : ("api" as const),
    corrected_by: reply.correctedById, classifier_classification: reply.correctedAt ? reply.classifierClassification : null, corrected_at: reply.correctedAt?.toISOString() ?? null, created_at: reply.createdAt.toISOString(),
  };
}

export const RepliesQuery = ListQuery.extend({ run_id: z.string().max(40).optional(), classification: z.enum(REPLY_CATEGORIES).optional() });

export async function listReplies(workspaceId: string, query: z.infer<typeof RepliesQuery>) {
  const after = decodeCursor("replies", workspaceId, query.cursor);
  const rows = await db().reply.findMany({
    where: {
      workspaceId, ...(after ? { id: { lt: after } } : {}), ...(query.classification ? { classification: query.classification } : {}),
      ...(query.run_id ? { draft: { runId: query.run_id } } : {}),
    },
    include: REPLY_INCLUDE, orderBy: { id: "desc" }, take: query.limit + 1,
  });
  return toPage(rows, query.limit, "replies", workspaceId, presentReply);
}

export const CorrectReplyBody = z.strictObject({ classification: z.enum(REPLY_CATEGORIES) }).meta({ id: "CorrectReply" });

/**
 * A reviewer's classification replaces the classifier's, now and for good (track never touches a
 * corrected reply). Audited with the old and new value; a correction to unsubscribe or bounce
 * suppresses the address like the classifier's would.
 */
export async function correctReply(workspaceId: string, id: string, classification: z.infer<typeof CorrectReplyBody>["classification"], reviewer: { userId: string; actor: Actor }) {
  const reply = await db().$transaction(async (tx) => {
    const current = await tx.reply.findFirst({ where: { id, workspaceId }, include: { lead: { select: { email: true } } } });
    if (!current) throw new NotFound("reply");
    const now = new Date();
    const updated = await tx.reply.update({
      where: { id }, include: REPLY_INCLUDE,
      data: {
        classification, confidence: 1, classifiedAt: current.classifiedAt ?? now, correctedById: reviewer.userId, correctedAt: now,
        classifierClassification: current.correctedAt ? current.classifierClassification : current.classification,
      },
    });
    await recordAudit(tx, { workspaceId, actor: reviewer.actor, action: "reply.corrected", target: { type: "reply", id }, data: { from: current.classification, to: classification } });
    if ((classification === "unsubscribe" || classification === "bounce") && current.lead) {
      await moveLead(current.leadId!, LEAD_STATUS.suppressed, { tx }); // a bounced lead stays bounced
      await suppress({ workspaceId, email: current.lead.email, reason: `Reply corrected to ${classification}`, source: "reply", actor: reviewer.actor }, tx);
    }
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
  const reply = await db().reply.create({
    include: REPLY_INCLUDE,
    data: {
      id: newId("rpl"), workspaceId, leadId: draft.leadId, draftId: draft.id, inReplyTo: messageId, fromEmail: body.from,
      subject: body.subject, text: body.text, receivedAt: new Date(body.received_at),
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
