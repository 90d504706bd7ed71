import { waitInWords } from "@/lib/campaigns/duration";
import { db, sql } from "@/lib/db";
import { runSteps } from "@/lib/sequences/run-steps";
import { countGoingSequences } from "@/lib/runs/stop-run-sequences";
import { getRun } from "@/lib/runs/get-run";
import { RUN_LEAD_STATES } from "@/lib/runs/run-schemas";

// The run page's live view: the run (with its counts) and how many of its leads are in each state,
// one grouped count over the (runId, state, id) index; and the run's steps with their waits (one step:
// a run without follow-ups); and, for a run with steps, how many of its sequences are still going
// (what "Stop all sequences" would stop).

export type StateCounts = Record<(typeof RUN_LEAD_STATES)[number], number>;

export async function getRunProgress(workspaceId: string, id: string) {
  const [run, stored] = await Promise.all([getRun(workspaceId, id), db().run.findFirst({ where: { id, workspaceId }, select: { steps: true } })]);
  const steps = runSteps(stored?.steps).map((s) => ({ step: s.step, wait: s.wait, wait_words: s.waitSeconds === null ? null : waitInWords(s.waitSeconds) }));
  const { rows } = await sql().query<{ state: string; n: string }>(
    `SELECT state, count(*) AS n FROM run_leads WHERE "runId" = $1 AND "workspaceId" = $2 GROUP BY state`,
    [id, workspaceId],
  );
  const states = Object.fromEntries(RUN_LEAD_STATES.map((state) => [state, 0])) as StateCounts;
  for (const row of rows) if (row.state in states) states[row.state as keyof StateCounts] = Number(row.n);
  const sequencesGoing = steps.length ? await countGoingSequences(id) : 0;
  return {
    run,
    states,
    total: Object.values(states).reduce((a, b) => a + b, 0),
    steps: steps.length ? steps : [{ step: 1, wait: null, wait_words: null }],
    sequences_going: sequencesGoing,
  };
}
export type RunProgress = Awaited<ReturnType<typeof getRunProgress>>;
