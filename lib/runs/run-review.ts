import { z } from "zod";
import { sql } from "@/lib/db";

// A run's review at a glance (contract §13): how many of its drafts a reviewer decided, and the median
// of their decision_ms (lib/drafts/draft-reads.ts: from the reviewer's first read to the decision;
// a draft approved in bulk from the queue was never read first and does not count in the median).

export const RunReview = z
  .object({
    decided: z.number().int().meta({ description: "The run's drafts a reviewer approved or rejected" }),
    median_decision_ms: z
      .number()
      .int()
      .nullable()
      .meta({ description: "The median of their `decision_ms` (from the reviewer's first read to the decision); null when none was read first" }),
  })
  .meta({ id: "RunReview" });
export type RunReview = z.infer<typeof RunReview>;

export async function runReview(runId: string): Promise<RunReview> {
  const { rows } = await sql().query<{ decided: string; median: number | null }>(
    `SELECT count(*) AS decided, percentile_cont(0.5) WITHIN GROUP (ORDER BY "decisionMs") AS median
       FROM drafts WHERE "runId" = $1 AND "reviewedAt" IS NOT NULL`,
    [runId],
  );
  const median = rows[0]?.median;
  return { decided: Number(rows[0]?.decided ?? 0), median_decision_ms: median === null || median === undefined ? null : Math.round(median) };
}
