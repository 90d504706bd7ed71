import { z } from "zod";
import { sql } from "@/lib/db";

// What a run's model calls cost so far, summed from its stage traces (each priced from the
// provider's per-million-token prices when it was written; the local engine costs nothing).

export const RunTotals = z
  .object({
    model_calls: z.number().int(),
    input_tokens: z.number().int(),
    output_tokens: z.number().int(),
    cost_usd: z.number().meta({ description: "Sum of the traces' costs in US dollars" }),
  })
  .meta({ id: "RunTotals" });
export type RunTotals = z.infer<typeof RunTotals>;

export async function runTotals(runId: string): Promise<RunTotals> {
  const { rows } = await sql().query<Record<string, string | null>>(
    `SELECT count(*) AS calls, sum("inputTokens") AS input, sum("outputTokens") AS output, sum("costMicros") AS cost
       FROM stage_traces WHERE "runId" = $1`,
    [runId],
  );
  const row = rows[0] ?? {};
  const n = (key: string) => Number(row[key] ?? 0);
  return { model_calls: n("calls"), input_tokens: n("input"), output_tokens: n("output"), cost_usd: n("cost") / 1_000_000 };
}
