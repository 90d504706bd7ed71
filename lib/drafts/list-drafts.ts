import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { NotFound } from "@/lib/errors";
import { DRAFT_INCLUDE, DRAFT_STATUSES, presentDraft } from "@/lib/drafts/present-draft";

/** A step filter: plain digits 1 to 8 (a campaign has at most 8 steps, contract §12). */
export const StepFilter = z.preprocess(
  (value) => (typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : value),
  z.number({ error: "must be a step number from 1 to 8" }).int().min(1).max(8).optional(),
);
/** A campaign filter: a campaign id (`cmp_…`); an unknown one simply matches nothing. */
export const CampaignFilter = z
  .string()
  .regex(/^cmp_[0-9a-z]{26}$/, { error: "must be a campaign id (cmp_…)" })
  .optional();

export const DraftsQuery = ListQuery.extend({
  status: z.enum(DRAFT_STATUSES).optional(),
  run_id: z.string().max(40).optional(),
  step: StepFilter.meta({ description: "Only drafts of this campaign step (1: first emails, 2 and later: follow-ups)" }),
  campaign_id: CampaignFilter.meta({ description: "Only drafts of runs of this campaign" }),
});

export async function listDrafts(workspaceId: string, query: z.infer<typeof DraftsQuery>) {
  const after = decodeCursor("drafts", workspaceId, query.cursor);
  const rows = await db().draft.findMany({
    where: {
      workspaceId,
      ...(after ? { id: { lt: after } } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.run_id ? { runId: query.run_id } : {}),
      ...(query.step ? { step: query.step } : {}),
      ...(query.campaign_id ? { run: { campaignId: query.campaign_id } } : {}),
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
