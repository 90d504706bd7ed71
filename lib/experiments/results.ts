import type pg from "pg";
import { sqlTransaction } from "@/lib/db";
import { meanEditDistance } from "@/lib/evals/outcomes";
import type { ReplyCategory } from "@/lib/reply-categories";
import { DRAFT_STATUS } from "@/lib/statuses";
import { probabilityBest, verdict, wilsonInterval, type Count, type Verdict } from "@/lib/experiments/statistics";

// An experiment's results per variant (contract §12), counted by one set-based statement over the
// experiment's drafts (drafts.experimentId, indexed with promptVersionId) and their replies, then
// the statistics (lib/experiments/statistics.ts) over the counts. docs/benchmarks.md has its cost
// at 100,000 leads.
//
// A reply counts once per draft, and only for a sent draft (so a rate never passes 1). Auto-replies
// (out_of_office, auto_reply) and bounces are not replies; an unclassified reply is. Positive replies are the
// classifications that mean interest.
//
// The mean edit distance per variant is the prompt outcomes table's measure (lib/evals/outcomes.ts,
// meanEditDistance: the newest 200 approved edits, against the text the draft_email trace wrote),
// narrowed to the experiment's drafts; null when nothing was edited, and on later steps (a
// follow-up's text as written is not kept, so its edits cannot be measured).

export const POSITIVE_REPLY_CATEGORIES = ["interested", "meeting_request"] as const satisfies readonly ReplyCategory[];
export const NOT_REPLY_CATEGORIES = ["out_of_office", "auto_reply", "bounce"] as const satisfies readonly ReplyCategory[];
export const METRICS = ["reply_rate", "positive_reply_rate"] as const;
export type Metric = (typeof METRICS)[number];

export type VariantCounts = {
  promptVersionId: string;
  leads: number;
  drafted: number;
  approved: number;
  edited: number;
  mean_edit_distance: number | null;
  rejected: number;
  sent: number;
  replies: number;
  positive_replies: number;
};
export type VariantResult = Omit<VariantCounts, "promptVersionId"> & {
  promptVersionId: string;
  rate: number | null;
  interval_95: [number, number];
  probability_best: number;
};
export type Results = { variants: VariantResult[]; summary: Verdict };

/**
 * Runs one read with JIT off and room to hash in memory: at 100,000 drafts the planner's estimate
 * crosses jit_above_cost and compiling took longer (~0.8 s) than the query, and the distinct-lead
 * count spilled to disk at the default work_mem.
 */
function read<R extends pg.QueryResultRow>(text: string, values: unknown[]) {
  return sqlTransaction(async (client) => {
    await client.query("SET LOCAL jit = off");
    await client.query("SET LOCAL work_mem = '64MB'");
    return (await client.query<R>(text, values)).rows;
  });
}

/** The counts per variant version; a variant with no draft yet has zeros. */
export async function variantCounts(experimentId: string, versionIds: string[]): Promise<VariantCounts[]> {
  // Two statements on two connections at once: the funnel (one pass over the experiment's drafts,
  // each joined to its replies, aggregated per draft first) and the distinct leads (a lead drafted
  // by two runs is one lead).
  const [rows, leads, meanEdits] = await Promise.all([
    read<Omit<VariantCounts, "leads" | "mean_edit_distance">>(
      `SELECT d."promptVersionId",
              count(*)::int AS drafted,
              count(*) FILTER (WHERE d.status = ANY($4::text[]))::int AS approved,
              count(*) FILTER (WHERE d.edited)::int AS edited,
              count(*) FILTER (WHERE d.status = $5)::int AS rejected,
              count(*) FILTER (WHERE d.status = $6)::int AS sent,
              count(*) FILTER (WHERE d.status = $6 AND r.replied)::int AS replies,
              count(*) FILTER (WHERE d.status = $6 AND r.positive)::int AS positive_replies
         FROM drafts d
         LEFT JOIN (
           SELECT r."draftId",
                  bool_or(r.classification IS NULL OR r.classification <> ALL($2::text[])) AS replied,
                  bool_or(r.classification = ANY($3::text[])) AS positive
             FROM replies r
            WHERE r."workspaceId" = (SELECT "workspaceId" FROM experiments WHERE id = $1) AND r."draftId" IS NOT NULL
            GROUP BY r."draftId"
         ) r ON r."draftId" = d.id
        WHERE d."experimentId" = $1
        GROUP BY d."promptVersionId"`,
      [
        experimentId,
        NOT_REPLY_CATEGORIES,
        POSITIVE_REPLY_CATEGORIES,
        [DRAFT_STATUS.approved, DRAFT_STATUS.sent, DRAFT_STATUS.failed], // a reviewer approved it (failed: its send failed after)
        DRAFT_STATUS.rejected,
        DRAFT_STATUS.sent,
      ],
    ),
    read<{ promptVersionId: string; leads: number }>(
      `SELECT "promptVersionId", count(DISTINCT "leadId")::int AS leads FROM drafts WHERE "experimentId" = $1 GROUP BY "promptVersionId"`,
      [experimentId],
    ),
    Promise.all(versionIds.map((promptVersionId) => meanEditDistance({ experimentId, promptVersionId }))),
  ]);
  const leadsByVersion = new Map(leads.map((row) => [row.promptVersionId, row.leads]));
  const byVersion = new Map(rows.map((row) => [row.promptVersionId, row]));
  return versionIds.map((id, index) => {
    const counted = byVersion.get(id) ?? { promptVersionId: id, drafted: 0, approved: 0, edited: 0, rejected: 0, sent: 0, replies: 0, positive_replies: 0 };
    return { ...counted, leads: leadsByVersion.get(id) ?? 0, mean_edit_distance: meanEdits[index] };
  });
}

/** Rates, intervals, probability of being best and the enough-data verdict, from the counts. Pure. */
export function resultsFrom(counts: VariantCounts[], metric: Metric, minPerVariant: number): Results {
  const trials: Count[] = counts.map((count) => ({
    successes: metric === "reply_rate" ? count.replies : count.positive_replies,
    trials: count.sent,
  }));
  const best = probabilityBest(trials);
  return {
    variants: counts.map((count, index) => ({
      ...count,
      rate: trials[index].trials > 0 ? trials[index].successes / trials[index].trials : null,
      interval_95: wilsonInterval(trials[index]),
      probability_best: best[index],
    })),
    summary: verdict(trials, minPerVariant),
  };
}

export async function experimentResults(experiment: { id: string; metric: string; minPerVariant: number; versionIds: string[] }): Promise<Results> {
  return resultsFrom(await variantCounts(experiment.id, experiment.versionIds), experiment.metric as Metric, experiment.minPerVariant);
}
