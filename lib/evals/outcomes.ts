import { diffChars } from "diff";
import { z } from "zod";
import { db, sql } from "@/lib/db";
import { APPROVED_DRAFT_STATUSES } from "@/lib/lifecycle/draft";
import { findVisiblePrompt } from "@/lib/prompts/find-prompt";
import { CHECK_CODES, type CheckCode } from "@/lib/review-checks";
import { compareVersionsDesc } from "@/lib/prompts/version-label";
import { DRAFT_STATUS } from "@/lib/statuses";

// How a prompt version did with real leads in this workspace (issue 16, "outcomes per version"):
// - drafts it wrote (draft_email versions): how many, approval rate (approved or sent over those
//   decided), how many approved with edits and how much was edited (characters changed between
//   the draft as written — its draft_email trace — and as approved: the mean over the newest 200),
//   the most frequent rejection reasons;
// - replies to the sent ones: reply rate and positive-reply rate (interested, meeting_request);
// - cost: the version's traces in the runs that resolved it, per lead;
// - checks (contract §13, issue 36): for each check code, the share of its drafts that carry it now
//   (as written, or as last edited).
// Runs created before a run stored its resolved prompt set are not counted for cost.

const ChecksShare = z
  .object(Object.fromEntries(CHECK_CODES.map((code) => [code, z.number().nullable()])) as Record<CheckCode, z.ZodNullable<z.ZodNumber>>)
  .meta({
    id: "VersionCheckShares",
    description:
      "For each check code (contract §13), the share of the version's drafts that carry that check (any severity) as written or last edited; null before it wrote any",
  });

export const VersionOutcomesSchema = z
  .object({
    drafts: z.number().int(),
    awaiting_review: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
    approval_rate: z.number().nullable().meta({ description: "approved (or sent) / (approved + rejected); null before any decision" }),
    approved_with_edits: z.number().int(),
    mean_edit_distance: z.number().nullable().meta({ description: "Characters changed by reviewers in approved edits (mean)" }),
    rejection_reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
    sent: z.number().int(),
    replied: z.number().int(),
    positive_replies: z.number().int(),
    reply_rate: z.number().nullable(),
    positive_reply_rate: z.number().nullable(),
    leads: z.number().int().meta({ description: "Leads this version ran for (its traces)" }),
    cost_usd: z.number(),
    cost_per_lead_usd: z.number().nullable(),
    checks: ChecksShare,
  })
  .meta({ id: "VersionOutcomes" });
export type VersionOutcomes = z.infer<typeof VersionOutcomesSchema>;

const n = (value: unknown) => Number(value ?? 0);
const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);

export function editDistance(before: string, after: string): number {
  return diffChars(before, after).reduce((sum, part) => sum + (part.added || part.removed ? part.value.length : 0), 0);
}

/** The rounded mean of editDistance(written, body) over the rows whose written text is known; null when none. Pure. */
export function meanEditDistanceOf(rows: { written: unknown; body: string }[]): number | null {
  const measured = rows.filter((row): row is { written: string; body: string } => typeof row.written === "string");
  return measured.length ? Math.round(measured.reduce((sum, row) => sum + editDistance(row.written, row.body), 0) / measured.length) : null;
}

/**
 * How much reviewers edited a version's drafts: the mean edit distance (characters changed between
 * the draft as written, its draft_email trace, and as approved) over the newest 200 approved edits
 * (those whose trace is kept), or null when none could be measured. The prompt's outcomes table (per version) and an
 * experiment's results (per variant: `experimentId` narrows to its drafts) both use it. First
 * emails only: a follow-up's text as written is not kept (no trace), so its edits are not measured.
 */
export async function meanEditDistance(filter: { promptVersionId: string } & ({ workspaceId: string } | { experimentId: string })): Promise<number | null> {
  const [scope, scopeId] = "experimentId" in filter ? ['"experimentId"', filter.experimentId] : ['"workspaceId"', filter.workspaceId];
  const { rows } = await sql().query<{ body: string; written: unknown }>(
    // The newest 200 first, then their traces: a draft whose trace is gone is left out of the mean,
    // and the scan stops after 200 edits however many traces are missing.
    `SELECT d.body, t.output->>'body' AS written
       FROM (SELECT d.body, d."runId", d."leadId" FROM drafts d
              WHERE d.${scope} = $1 AND d."promptVersionId" = $2 AND d.step = 1 AND d.edited AND d.status = ANY($3)
              ORDER BY d.id DESC LIMIT 200) d
       LEFT JOIN LATERAL (SELECT output FROM stage_traces t WHERE t."runId" = d."runId" AND t."leadId" = d."leadId" AND t.stage = 'draft_email' ORDER BY t.id DESC LIMIT 1) t ON true`,
    [scopeId, filter.promptVersionId, APPROVED_DRAFT_STATUSES],
  );
  return meanEditDistanceOf(rows);
}

export async function versionOutcomes(workspaceId: string, versionId: string): Promise<VersionOutcomes> {
  const pool = sql();
  const [counts, reasons, meanEdit, replies, cost, checks] = await Promise.all([
    pool.query(
      `SELECT count(*) AS drafts,
              count(*) FILTER (WHERE status = $3) AS awaiting,
              count(*) FILTER (WHERE status = ANY($4)) AS approved,
              count(*) FILTER (WHERE status = $5) AS rejected,
              count(*) FILTER (WHERE status = ANY($4) AND edited) AS edited,
              count(*) FILTER (WHERE status = $6) AS sent
         FROM drafts WHERE "workspaceId" = $1 AND "promptVersionId" = $2`,
      [workspaceId, versionId, DRAFT_STATUS.awaiting_review, APPROVED_DRAFT_STATUSES, DRAFT_STATUS.rejected, DRAFT_STATUS.sent],
    ),
    pool.query(
      `SELECT "rejectReason" AS reason, count(*) AS count FROM drafts
        WHERE "workspaceId" = $1 AND "promptVersionId" = $2 AND status = $3 AND "rejectReason" IS NOT NULL
        GROUP BY "rejectReason" ORDER BY count(*) DESC, "rejectReason" LIMIT 5`,
      [workspaceId, versionId, DRAFT_STATUS.rejected],
    ),
    meanEditDistance({ workspaceId, promptVersionId: versionId }),
    pool.query(
      `SELECT count(DISTINCT r."draftId") AS replied,
              count(DISTINCT r."draftId") FILTER (WHERE r.classification IN ('interested', 'meeting_request')) AS positive
         FROM replies r JOIN drafts d ON d.id = r."draftId"
        WHERE d."workspaceId" = $1 AND d."promptVersionId" = $2 AND d.status = $3`,
      [workspaceId, versionId, DRAFT_STATUS.sent],
    ),
    pool.query(
      `SELECT count(DISTINCT t."leadId") AS leads, coalesce(sum(t."costMicros"), 0) AS cost
         FROM stage_traces t
        WHERE t."runId" IN (SELECT id FROM runs WHERE "workspaceId" = $1 AND "promptSet" IS NOT NULL
                              AND EXISTS (SELECT 1 FROM jsonb_each_text("promptSet"::jsonb) e WHERE e.value = $2))
          AND t."promptVersionId" = $2`,
      [workspaceId, versionId],
    ),
    pool.query<{ code: string; drafts: string }>(
      `SELECT c.code, count(DISTINCT d.id) AS drafts
         FROM drafts d
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(d.checks::jsonb) = 'array' THEN d.checks::jsonb ELSE '[]'::jsonb END) e
        CROSS JOIN LATERAL (SELECT e->>'code' AS code) c
        WHERE d."workspaceId" = $1 AND d."promptVersionId" = $2
        GROUP BY c.code`,
      [workspaceId, versionId],
    ),
  ]);
  const c = counts.rows[0];
  const approved = n(c.approved);
  const rejected = n(c.rejected);
  const sent = n(c.sent);
  const replied = n(replies.rows[0].replied);
  const positive = n(replies.rows[0].positive);
  const leads = n(cost.rows[0].leads);
  const costUsd = n(cost.rows[0].cost) / 1_000_000;
  const drafts = n(c.drafts);
  const withCheck = new Map(checks.rows.map((row) => [row.code, n(row.drafts)]));
  return {
    drafts,
    awaiting_review: n(c.awaiting),
    approved,
    rejected,
    approval_rate: rate(approved, approved + rejected),
    approved_with_edits: n(c.edited),
    mean_edit_distance: meanEdit,
    rejection_reasons: reasons.rows.map((row) => ({ reason: row.reason as string, count: n(row.count) })),
    sent,
    replied,
    positive_replies: positive,
    reply_rate: rate(replied, sent),
    positive_reply_rate: rate(positive, sent),
    leads,
    cost_usd: costUsd,
    cost_per_lead_usd: leads ? costUsd / leads : null,
    checks: Object.fromEntries(CHECK_CODES.map((code) => [code, rate(withCheck.get(code) ?? 0, drafts)])) as Record<CheckCode, number | null>,
  };
}

export const PromptOutcomesSchema = z
  .object({ data: z.array(VersionOutcomesSchema.extend({ version: z.string() })).meta({ description: "Every version of the prompt, newest first" }) })
  .meta({ id: "PromptOutcomes" });

/** Every version of a prompt side by side (the prompt page's table), newest first. */
export async function promptOutcomes(workspaceId: string, name: string): Promise<z.infer<typeof PromptOutcomesSchema>> {
  const prompt = await findVisiblePrompt(workspaceId, name);
  const versions = await db().promptVersion.findMany({
    where: { promptId: prompt.id },
    select: { id: true, version: true, major: true, minor: true, patch: true, label: true },
  });
  versions.sort(compareVersionsDesc);
  return { data: await Promise.all(versions.map(async (version) => ({ version: version.version, ...(await versionOutcomes(workspaceId, version.id)) }))) };
}
