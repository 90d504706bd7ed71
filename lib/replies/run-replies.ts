import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { REPLY_CATEGORIES } from "@/lib/reply-categories";
import { NotFound } from "@/lib/errors";
import { presentReply } from "@/lib/replies/replies";

// The replies page of one run: each reply with its lead, its classification (a reviewer's
// correction wins, and names who made it) and what the classifier had said.

export const RunRepliesQuery = ListQuery.extend({ classification: z.enum(REPLY_CATEGORIES).optional() });

export async function listRunReplies(workspaceId: string, runId: string, query: z.infer<typeof RunRepliesQuery>) {
  const run = await db().run.findFirst({ where: { id: runId, workspaceId }, select: { id: true } });
  if (!run) throw new NotFound("run");
  const after = decodeCursor("run-replies", workspaceId, query.cursor);
  const rows = await db().reply.findMany({
    where: {
      workspaceId,
      draft: { runId },
      ...(after ? { id: { lt: after } } : {}),
      ...(query.classification ? { classification: query.classification } : {}),
    },
    include: { draft: { select: { runId: true, subject: true } }, lead: { select: { email: true, firstName: true, lastName: true, company: true } } },
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  const reviewerIds = [...new Set(rows.map((row) => row.correctedById).filter((id): id is string => id !== null))];
  const reviewers = reviewerIds.length ? await db().user.findMany({ where: { id: { in: reviewerIds } }, select: { id: true, name: true, email: true } }) : [];
  const names = new Map(reviewers.map((user) => [user.id, user.name || user.email]));
  return toPage(rows, query.limit, "run-replies", workspaceId, (row) => ({
    ...presentReply(row),
    lead: row.lead
      ? { email: row.lead.email, name: [row.lead.firstName, row.lead.lastName].filter(Boolean).join(" ") || null, company: row.lead.company }
      : null,
    draft_subject: row.draft?.subject ?? null,
    corrected_by_name: row.correctedById ? (names.get(row.correctedById) ?? null) : null,
  }));
}
