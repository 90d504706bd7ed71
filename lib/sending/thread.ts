import type { PoolClient } from "pg";
import { db, sql } from "@/lib/db";
import { DRAFT_STATUS } from "@/lib/statuses";

// A lead's thread in a run: the messages already sent to it (its drafts that were sent, step 1
// first), with their Message-IDs. A follow-up is written from it (its prompt's {{thread}}) and sent
// in it (In-Reply-To: the last one's Message-ID; References: all of them). Answers to replies (kind reply,
// step < 1) are no step of it: an answer goes in its reply's thread (answerHeaders, below).

export type ThreadEntry = { runLeadId: string; step: number; draftId: string; subject: string; body: string; messageId: string; sentAt: Date | null };

/** The sent messages of each run lead, oldest first, below `beforeStep` (null: all). */
export async function threadsOf(runLeadIds: readonly string[], beforeStep: number | null = null, client?: PoolClient): Promise<Map<string, ThreadEntry[]>> {
  const threads = new Map<string, ThreadEntry[]>();
  if (runLeadIds.length === 0) return threads;
  const { rows } = await (client ?? sql()).query<ThreadEntry>(
    `SELECT d."runLeadId", d.step, d.id AS "draftId", d.subject, d.body, s."messageId", s."acceptedAt" AS "sentAt"
       FROM drafts d JOIN sends s ON s."draftId" = d.id
      WHERE d."runLeadId" = ANY($1) AND d.status = $2 AND d.step >= 1 AND ($3::int IS NULL OR d.step < $3)
      ORDER BY d."runLeadId", d.step`,
    [runLeadIds, DRAFT_STATUS.sent, beforeStep],
  );
  for (const row of rows) threads.set(row.runLeadId, [...(threads.get(row.runLeadId) ?? []), row]);
  return threads;
}

/** The threading headers of a follow-up sent after `thread`, as the message composer takes them (none for step 1). */
export function threadHeaders(thread: ThreadEntry[]): { inReplyTo?: string; references?: string[] } {
  if (thread.length === 0) return {};
  return { inReplyTo: thread.at(-1)!.messageId, references: thread.map((entry) => entry.messageId) };
}

/**
 * The threading headers of an answer to a reply (contract §13): `In-Reply-To` the reply's
 * Message-ID, `References` every message of the conversation we sent the lead in that run (the
 * sequence's steps and earlier answers, oldest first) and then the reply's; none when its reply is
 * gone. (The reply's Message-ID is stored by lib/replies: lib/replies/answer-thread.ts.)
 */
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

/**
 * What we sent a run lead, steps and earlier answers alike, oldest first: the conversation an answer
 * to a reply is written from (lib/replies/answer-reply.ts, and again for a new sender by
 * lib/drafts/rewrite-for-sender.ts).
 */
export async function conversationOf(
  runLeadId: string,
  options: { sentBefore?: Date; exceptDraftId?: string } = {},
): Promise<{ subject: string; body: string }[]> {
  const { rows } = await sql().query<{ subject: string; body: string }>(
    `SELECT d.subject, d.body FROM drafts d JOIN sends s ON s."draftId" = d.id
      WHERE d."runLeadId" = $1 AND d.status = $2 AND ($3::timestamptz IS NULL OR s."acceptedAt" <= $3) AND ($4::text IS NULL OR d.id <> $4)
      ORDER BY s."acceptedAt" NULLS LAST, d.id`,
    [runLeadId, DRAFT_STATUS.sent, options.sentBefore ?? null, options.exceptDraftId ?? null],
  );
  return rows;
}
