import { db, sql, sqlTransaction } from "@/lib/db";
import { metrics } from "@/lib/metrics/metrics";
import { resolveRunPrompts } from "@/lib/pipeline/resolve-prompts";
import { chainFrom, runChain } from "@/lib/pipeline/run-chain";
import { experimentOverrides } from "@/lib/pipeline/experiment-prompts";
import { hasDone, nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";
import { LEAD_FACT_COLUMNS, RUN_CONTEXT_SELECT, stageContext, type LeadFactRow } from "@/lib/pipeline/stage-context";
import { reviewResults, writeResults } from "@/lib/pipeline/write-results";
import { signersFor } from "@/lib/senders/signer";
import { screenRecipients } from "@/lib/pipeline/recipient-gate";
import { WORKING_RUN_LEAD_STATES } from "@/lib/lifecycle/run-lead";
import { RUN_LEAD_STATE, RUN_STATUS } from "@/lib/statuses";
import { queueSpamScoresOfRunLeads } from "@/lib/spam/score-draft";

// Carries a batch of a run's leads through one machine stage and the local stages right after it
// (lib/pipeline/run-chain.ts), in one transaction: the run-lead rows, the leads, the traces, the
// drafts and the outbox events. A row moves only if it has not done the stage yet, so a retried or
// duplicated job changes nothing twice and emits no event twice. Leads whose provider was
// unavailable are handed back (`later`) to be queued again after a delay.

type Row = LeadFactRow & { runLeadId: string; leadId: string; reached: string | null; state: string };

/** What to queue next: leads for later stages, and leads to try again after `delayMs`. */
export type BatchResult = { next: { stage: BatchStage; ids: string[] }[]; later: { ids: string[]; delayMs: number } };

export async function advanceBatch(runId: string, stage: BatchStage, runLeadIds: string[]): Promise<BatchResult> {
  const none: BatchResult = { next: [], later: { ids: [], delayMs: 0 } };
  const run = await db().run.findUnique({
    where: { id: runId },
    select: { id: true, status: true, stopAfter: true, campaignId: true, ...RUN_CONTEXT_SELECT },
  });
  if (!run || run.status !== RUN_STATUS.running) return none;
  const prompts = await resolveRunPrompts(runId);
  if (!prompts.get(stage)) throw new Error(`No prompt for stage ${stage}`);
  const context = stageContext(run);
  const chain = chainFrom(stage, prompts, run.stopAfter);

  const { rows } = await sql().query<Row>(
    `SELECT rl.id AS "runLeadId", rl."leadId", rl.stage AS reached, rl.state, ${LEAD_FACT_COLUMNS}
       FROM run_leads rl JOIN leads l ON l.id = rl."leadId"
      WHERE rl.id = ANY($1) AND rl."runId" = $2 AND rl.state = ANY($3)`,
    [runLeadIds, runId, WORKING_RUN_LEAD_STATES],
  );
  const todo = rows.filter((row) => !hasDone(row.reached, stage));
  const experiments = await experimentOverrides(
    run.campaignId,
    chain,
    todo.map((row) => row.leadId),
  );
  const { results, later } = await runChain(
    chain,
    todo.map((row) => ({ runLeadId: row.runLeadId, leadId: row.leadId, facts: row, signals: row.signals, experiment: experiments.get(row.leadId) })),
    prompts,
    {
      ...context,
      stopAfter: run.stopAfter,
      signers: (ids) => signersFor(run, ids),
      screenRecipients: (emails) => screenRecipients(emails, context.icp.allow_role_addresses),
    },
  );
  const review = { offer: context.offer, senderName: context.senderName, maxWords: run.pack.maxWords };
  const reviews = await reviewResults(results, review); // CPU: outside the transaction
  const moved = await sqlTransaction((client) => writeResults(client, run, stage, results, reviews));
  for (const r of results) if (moved.has(r.lead.runLeadId)) metrics().stageLeads.inc({ stage: r.steps.at(-1)!.stage, state: r.steps.at(-1)!.verdict.state });
  // The drafts written now are scored by SpamAssassin in their own job (lib/spam/score-draft.ts).
  const drafted = results.filter((r) => r.draft && moved.has(r.lead.runLeadId)).map((r) => r.lead.runLeadId);
  if (drafted.length) await queueSpamScoresOfRunLeads(drafted, 1);

  const next: BatchResult["next"] = [];
  const afterChain = nextBatchStage(chain.at(-1)!);
  const continuing = results
    .filter((r) => moved.has(r.lead.runLeadId) && r.steps.at(-1)!.verdict.state === RUN_LEAD_STATE.running)
    .map((r) => r.lead.runLeadId);
  if (afterChain && continuing.length) next.push({ stage: afterChain, ids: continuing });
  // Moved by an earlier run of this job (a retry after a crash): they go on from the next stage,
  // whose job skips whatever they have done already.
  const afterStage = run.stopAfter === stage ? null : nextBatchStage(stage);
  const alreadyDone = rows.filter((row) => hasDone(row.reached, stage) && row.state === RUN_LEAD_STATE.running).map((row) => row.runLeadId);
  if (afterStage && alreadyDone.length) {
    const same = next.find((group) => group.stage === afterStage); // one job per stage: job ids are per stage and batch
    if (same) same.ids.push(...alreadyDone);
    else next.push({ stage: afterStage, ids: alreadyDone });
  }
  return { next, later };
}
