import { z } from "zod";
import { db } from "@/lib/db";
import type { Reply } from "@/lib/generated/prisma/client.ts";
import { NotFound, ValidationFailed } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueAfterCommit } from "@/lib/jobs/enqueue";

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
    id: z.string(), lead_id: z.string().nullable(), draft_id: z.string().nullable(), from: z.string(), subject: z.string(), text: z.string(),
    received_at: z.string(), classification: z.string().nullable(), confidence: z.number().nullable(), classified_at: z.string().nullable(), created_at: z.string(),
  })
  .meta({ id: "Reply" });

export function presentReply(reply: Reply) {
  return {
    id: reply.id, lead_id: reply.leadId, draft_id: reply.draftId, from: reply.fromEmail, subject: reply.subject, text: reply.text,
    received_at: reply.receivedAt.toISOString(), classification: reply.classification, confidence: reply.confidence,
    classified_at: reply.classifiedAt?.toISOString() ?? null, created_at: reply.createdAt.toISOString(),
  };
}

export async function createReply(workspaceId: string, body: CreateReplyBody) {
  const messageId = body.in_reply_to ? `<${body.in_reply_to.replace(/^<|>$/g, "")}>` : null;
  const draft = messageId
    ? (await db().send.findFirst({ where: { workspaceId, messageId }, select: { draft: true } }))?.draft
    : await db().draft.findFirst({ where: { id: body.draft_id, workspaceId } });
  if (!draft) throw new ValidationFailed([{ path: messageId ? "in_reply_to" : "draft_id", message: "matches no email sent from this workspace" }]);
  const reply = await db().reply.create({
    data: {
      id: newId("rpl"), workspaceId, leadId: draft.leadId, draftId: draft.id, inReplyTo: messageId, fromEmail: body.from,
      subject: body.subject, text: body.text, receivedAt: new Date(body.received_at),
    },
  });
  await enqueueAfterCommit("track", { v: 1, replyId: reply.id });
  return presentReply(reply);
}

export async function getReply(workspaceId: string, id: string) {
  const reply = await db().reply.findFirst({ where: { id, workspaceId } });
  if (!reply) throw new NotFound("reply");
  return presentReply(reply);
}
