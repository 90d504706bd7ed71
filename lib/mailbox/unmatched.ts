import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { parseInbound } from "@/lib/mailbox/parse-message";

// Mail the intake loop took from the mailbox but could match to no email we sent (a new
// conversation, a forwarded thread, a stranger). Kept raw in inbound_messages and listed here,
// newest first, so a person can deal with it; nothing is ever dropped.

export const UnmatchedQuery = ListQuery;

export const UnmatchedMessageSchema = z
  .object({
    id: z.string(),
    folder: z.string(),
    uid: z.number(),
    message_id: z.string().nullable(),
    from: z.string(),
    subject: z.string(),
    received_at: z.string(),
    text: z.string().meta({ description: "The message's text part (its first 4,000 characters)" }),
    size: z.number(),
  })
  .meta({ id: "UnmatchedMessage" });

export async function listUnmatched(workspaceId: string, query: z.infer<typeof UnmatchedQuery>) {
  const after = decodeCursor("unmatched", workspaceId, query.cursor);
  const rows = await db().inboundMessage.findMany({
    where: { workspaceId, kind: "unmatched", ...(after ? { id: { lt: after } } : {}) },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const texts = new Map<string, string>();
  await Promise.all(
    rows.map(async (row) => {
      const parsed = await parseInbound(Buffer.from(row.raw)).catch(() => null);
      texts.set(row.id, (parsed?.text ?? Buffer.from(row.raw).toString("utf8")).slice(0, 4000));
    }),
  );
  return toPage(rows, query.limit, "unmatched", workspaceId, (row) => ({
    id: row.id,
    folder: row.folder,
    uid: Number(row.uid),
    message_id: row.messageId,
    from: row.fromEmail,
    subject: row.subject,
    received_at: row.receivedAt.toISOString(),
    text: texts.get(row.id) ?? "",
    size: row.raw.length,
  }));
}
