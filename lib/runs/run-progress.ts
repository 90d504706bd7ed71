import { sql } from "@/lib/db";
import { getRun } from "@/lib/runs/get-run";
import { RUN_LEAD_STATES } from "@/lib/runs/run-schemas";

// The run page's live view: the run (with its counts) and how many of its leads are in each state,
// one grouped count over the (runId, state, id) index.

export type StateCounts = Record<(typeof RUN_LEAD_STATES)[number], number>;

export async function getRunProgress(workspaceId: string, id: string) {
  const run = await getRun(workspaceId, id);
  const { rows } = await sql().query<{ state: string; n: string }>(
    `SELECT state, count(*) AS n FROM run_leads WHERE "runId" = $1 AND "workspaceId" = $2 GROUP BY state`,
    [id, workspaceId],
  );
  const states = Object.fromEntries(RUN_LEAD_STATES.map((state) => [state, 0])) as StateCounts;
  for (const row of rows) if (row.state in states) states[row.state as keyof StateCounts] = Number(row.n);
  return { run, states, total: Object.values(states).reduce((a, b) => a + b, 0) };
}
export type RunProgress = Awaited<ReturnType<typeof getRunProgress>>;
