import { z } from "zod";
import { db } from "@/lib/db";
import { decodeCursor, encodeCursor, ListQuery, RunIdFilter, toPage } from "@/lib/http/pagination";
import { NotFound } from "@/lib/errors";
import { DRAFT_INCLUDE, DRAFT_STATUSES, presentDraft } from "@/lib/drafts/present-draft";
import { DRAFT_KINDS } from "@/lib/lifecycle/draft-kind";
import { noteFirstRead } from "@/lib/drafts/draft-reads";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";

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
  run_id: RunIdFilter.optional(),
  step: StepFilter.meta({ description: "Only drafts of this campaign step (1: first emails, 2 and later: follow-ups)" }),
  campaign_id: CampaignFilter.meta({ description: "Only drafts of runs of this campaign" }),
  risk: z.enum(RISK_ORDER).optional().meta({ description: "Only drafts of this risk (contract §13)" }),
  kind: z.enum(DRAFT_KINDS).optional().meta({ description: "Only drafts of this kind: first, follow_up or reply (answers to replies)" }),
  sort: z.enum(["newest", "risk"]).default("newest").meta({ description: "`risk`: high risk first, then medium, then low; newest first within each" }),
});

// sort=risk pages by (riskRank, id), both descending; its cursor holds both ("<rank>:<id>").
const RISK_LIST = "drafts:risk";
function riskAfter(workspaceId: string, cursor: string | undefined) {
  const after = decodeCursor(RISK_LIST, workspaceId, cursor);
  if (!after) return {};
  const [rank, id] = [Number(after.slice(0, 1)), after.slice(2)];
  return { OR: [{ riskRank: { lt: rank } }, { riskRank: rank, id: { lt: id } }] };
}

export async function listDrafts(workspaceId: string, query: z.infer<typeof DraftsQuery>) {
  const byRisk = query.sort === "risk";
  const after = byRisk ? undefined : decodeCursor("drafts", workspaceId, query.cursor);
  const rows = await db().draft.findMany({
    where: {
      workspaceId,
      ...(after ? { id: { lt: after } } : {}),
      ...(byRisk ? riskAfter(workspaceId, query.cursor) : {}),
      ...(query.risk ? { risk: query.risk } : {}),
      ...(query.kind ? { kind: query.kind } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.run_id ? { runId: query.run_id } : {}),
      ...(query.step ? { step: query.step } : {}),
      ...(query.campaign_id ? { run: { campaignId: query.campaign_id } } : {}),
    },
    include: DRAFT_INCLUDE,
    orderBy: byRisk ? [{ riskRank: "desc" }, { id: "desc" }] : { id: "desc" },
    take: query.limit + 1,
  });
  if (!byRisk) return toPage(rows, query.limit, "drafts", workspaceId, presentDraft);
  const page = toPage(rows, query.limit, RISK_LIST, workspaceId, presentDraft);
  const last = rows[query.limit - 1];
  return { ...page, next_cursor: page.has_more ? encodeCursor(RISK_LIST, workspaceId, `${last.riskRank}:${last.id}`) : null };
}

/** `readBy`: the user reading it, whose first read of a draft awaiting review starts their decision_ms. */
export async function getDraft(workspaceId: string, id: string, readBy?: string) {
  const draft = await db().draft.findFirst({ where: { id, workspaceId }, include: DRAFT_INCLUDE });
  if (!draft) throw new NotFound("draft");
  if (readBy) await noteFirstRead(draft.id, readBy);
  return presentDraft(draft);
}
