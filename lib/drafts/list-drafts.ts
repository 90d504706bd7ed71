import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { NotFound } from "@/lib/errors";
import { DRAFT_INCLUDE, DRAFT_STATUSES, presentDraft } from "@/lib/drafts/present-draft";

export const DraftsQuery = ListQuery.extend({ status: z.enum(DRAFT_STATUSES).optional(), run_id: z.string().max(40).optional() });

export async function listDrafts(workspaceId: string, query: z.infer<typeof DraftsQuery>) {
  const after = decodeCursor("drafts", workspaceId, query.cursor);
  const rows = await db().draft.findMany({
    where: {
      workspaceId,
      ...(after ? { id: { lt: after } } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.run_id ? { runId: query.run_id } : {}),
    },
    include: DRAFT_INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "drafts", workspaceId, presentDraft);
}

export async function getDraft(workspaceId: string, id: string) {
  const draft = await db().draft.findFirst({ where: { id, workspaceId }, include: DRAFT_INCLUDE });
  if (!draft) throw new NotFound("draft");
  return presentDraft(draft);
}
