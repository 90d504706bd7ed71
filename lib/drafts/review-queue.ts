import { z } from "zod";
import { db, type Prisma } from "@/lib/db";
import { decodeCursor, encodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { DRAFT_INCLUDE, DRAFT_STATUSES, presentDraft } from "@/lib/drafts/present-draft";
import { CampaignFilter, StepFilter } from "@/lib/drafts/list-drafts";
import { RISK_ORDER } from "@/lib/review-checks/draft-checks";
import { waitInWords } from "@/lib/campaigns/duration";
import { runSteps } from "@/lib/sequences/run-steps";
import { draftsFrom, type DraftFrom } from "@/lib/senders/draft-from";
import { DRAFT_STATUS, RUN_LEAD_STATE } from "@/lib/statuses";

// The reviewers' queue (the /review page): drafts with the lead they are for, newest first, keyset
// paginated like every /v1 list. Filters: status (default awaiting review), run, campaign (through
// the run), step (first emails or a follow-up step), risk (contract §13) and a search over the lead's
// name, email and company. `sort=risk`: riskiest first, newest first within a risk (as GET /v1/drafts).

export const ReviewQueueQuery = ListQuery.extend({
  status: z.enum(DRAFT_STATUSES).default(DRAFT_STATUS.awaiting_review),
  run_id: z.string().max(40).optional(),
  campaign_id: CampaignFilter,
  step: StepFilter,
  q: z.string().trim().max(200).optional(),
  risk: z.enum(RISK_ORDER).optional(),
  sort: z.enum(["newest", "risk"]).default("newest"),
});
export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuery>;

const QUEUE_INCLUDE = {
  ...DRAFT_INCLUDE,
  lead: { select: { id: true, email: true, firstName: true, lastName: true, company: true, title: true } },
  run: { select: { id: true, name: true, steps: true, campaign: { select: { id: true, name: true } } } },
  runLead: { select: { state: true, senderId: true } },
} as const;

type QueueRow = Prisma.DraftGetPayload<{ include: typeof QUEUE_INCLUDE }>;

function presentQueueItem(row: QueueRow) {
  const name = [row.lead.firstName, row.lead.lastName].filter(Boolean).join(" ");
  const steps = runSteps(row.run.steps);
  const wait = steps.find((s) => s.step === row.step)?.waitSeconds ?? null;
  return {
    ...presentDraft(row),
    lead: { id: row.lead.id, email: row.lead.email, name: name || null, company: row.lead.company, title: row.lead.title },
    run_name: row.run.name,
    campaign: row.run.campaign ? { id: row.run.campaign.id, name: row.run.campaign.name } : null,
    /** How many steps the draft's run has (1: no follow-ups) and, for a follow-up, its wait after the previous step's send. */
    steps: steps.length || 1,
    step_wait: wait === null ? null : { seconds: wait, words: waitInWords(wait) },
    /** Whether approving it sends it: approveDraft sends only while its lead waits in the run (not after stop_after draft_email or a cancel). */
    will_send: row.runLead.state === RUN_LEAD_STATE.awaiting_review,
  };
}
export type ReviewQueueItem = ReturnType<typeof presentQueueItem> & { from: DraftFrom };

function searchFilter(q: string | undefined): Prisma.DraftWhereInput {
  if (!q) return {};
  const contains = { contains: q, mode: "insensitive" as const };
  return { lead: { OR: [{ email: contains }, { firstName: contains }, { lastName: contains }, { company: contains }] } };
}

// sort=risk pages by (riskRank, id), both descending; its cursor holds both ("<rank>:<id>") and is its own list's.
function riskAfter(list: string, workspaceId: string, cursor: string | undefined): Prisma.DraftWhereInput {
  const after = decodeCursor(list, workspaceId, cursor);
  if (!after) return {};
  const [rank, id] = [Number(after.slice(0, 1)), after.slice(2)];
  return { OR: [{ riskRank: { lt: rank } }, { riskRank: rank, id: { lt: id } }] };
}

export async function listReviewQueue(workspaceId: string, query: ReviewQueueQuery) {
  const byRisk = query.sort === "risk";
  const list = `review-queue:${query.status}${byRisk ? ":risk" : ""}`;
  const where: Prisma.DraftWhereInput = {
    workspaceId,
    status: query.status,
    ...(query.run_id ? { runId: query.run_id } : {}),
    ...(query.campaign_id ? { run: { campaignId: query.campaign_id, workspaceId } } : {}),
    ...(query.step ? { step: query.step } : {}),
    ...(query.risk ? { risk: query.risk } : {}),
    ...searchFilter(query.q),
  };
  const after = byRisk ? undefined : decodeCursor(list, workspaceId, query.cursor);
  const pageWhere: Prisma.DraftWhereInput = byRisk
    ? { AND: [where, riskAfter(list, workspaceId, query.cursor)] }
    : { ...where, ...(after ? { id: { lt: after } } : {}) };
  const [rows, total] = await Promise.all([
    db().draft.findMany({
      where: pageWhere,
      include: QUEUE_INCLUDE,
      orderBy: byRisk ? [{ riskRank: "desc" }, { id: "desc" }] : { id: "desc" },
      take: query.limit + 1,
    }),
    // The true count behind the filters, so the page can say "1,500 waiting", not "50+ shown".
    db().draft.count({ where }),
  ]);
  const paged = toPage(rows, query.limit, list, workspaceId, presentQueueItem);
  const last = rows[query.limit - 1];
  const page = byRisk && paged.has_more ? { ...paged, next_cursor: encodeCursor(list, workspaceId, `${last.riskRank}:${last.id}`) } : paged;
  // Who each goes out From (contract §13): "From <name> <email>" on each card.
  const from = await draftsFrom(
    workspaceId,
    rows.slice(0, page.data.length).map((row) => ({ senderId: row.send?.senderId ?? row.runLead.senderId })),
  );
  return { ...page, data: page.data.map((item, index) => ({ ...item, from: from[index] })), total };
}
