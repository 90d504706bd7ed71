import { db } from "@/lib/db";
import { DRAFT_STATUS } from "@/lib/statuses";

// An answer to a reply (contract §13) goes out in the reply's thread: `In-Reply-To` the reply's
// Message-ID, `References` every message of the conversation we sent to the lead in that run (the
// sequence's steps and earlier answers, oldest first) and then the reply's, and the subject
// `Re: ` + the reply's subject unless it already starts with `Re:`.

/** A Message-ID made for a reply that came without one (POST /replies without `message_id`). */
export const madeReplyMessageId = (replyId: string) => `<${replyId}@replies.leadpipe.local>`;

/** `<id>` with its angle brackets, whether given with them or not. */
export const bracketed = (messageId: string) => `<${messageId.trim().replace(/^<|>$/g, "")}>`;

/** The threading headers of an answer draft's message: none when its reply is gone. */
export async function answerHeaders(draft: { runLeadId: string; replyId: string | null }): Promise<{ inReplyTo?: string; references?: string[] }> {
  if (!draft.replyId) return {};
  const reply = await db().reply.findUnique({ where: { id: draft.replyId }, select: { messageId: true } });
  const sent = await db().send.findMany({
    where: { draft: { runLeadId: draft.runLeadId, status: DRAFT_STATUS.sent } },
    select: { messageId: true },
    orderBy: [{ acceptedAt: "asc" }, { id: "asc" }],
  });
  const ours = sent.map((send) => send.messageId);
  if (!reply?.messageId) return ours.length ? { inReplyTo: ours.at(-1)!, references: ours } : {};
  return { inReplyTo: reply.messageId, references: [...ours, reply.messageId] };
}
