import { db, sql, sqlTransaction } from "@/lib/db";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import { metrics } from "@/lib/metrics/metrics";
import { IcpRules } from "@/lib/packs/icp";
import { resolveRunPrompts } from "@/lib/pipeline/resolve-prompts";
import { chainFrom, runChain } from "@/lib/pipeline/run-chain";
import { hasDone, nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";
import { writeResults } from "@/lib/pipeline/write-results";
import { mergeOffers } from "@/lib/offer/offer";

// Carries a batch of a run's leads through one machine stage and the local stages right after it
// (lib/pipeline/run-chain.ts), in one transaction: the run-lead rows, the leads, the traces, the
// drafts and the outbox events. A row moves only if it has not done the stage yet, so a retried or
// duplicated job changes nothing twice and emits no event twice. Leads whose provider was
// unavailable are handed back (`later`) to be queued again after a delay.

type Row = LeadFacts & { runLeadId: string; leadId: string; reached: string | null; state: string; signals: Signals | null };

/** What to queue next: leads for later stages, and leads to try again after `delayMs`. */
export type BatchResult = { next: { stage: BatchStage; ids: string[] }[]; later: { ids: string[]; delayMs: number } };

export async function advanceBatch(runId: string, stage: BatchStage, runLeadIds: string[]): Promise<BatchResult> {
  const none: BatchResult = { next: [], later: { ids: [], delayMs: 0 } };
  const run = await db().run.findUnique({
    where: { id: runId },
    select: {
      id: true, workspaceId: true, status: true, stopAfter: true, pack: { select: { icp: true, offer: true } }, campaign: { select: { offer: true } },
      workspace: { select: { name: true, offer: true, relay: { select: { fromName: true } } } },
    },
  });
  if (!run || run.status !== "running") return none;
  const prompts = await resolveRunPrompts(runId);
  if (!prompts.get(stage)) throw new Error(`No prompt for stage ${stage}`);
  const icp = IcpRules.parse(run.pack.icp);
  const chain = chainFrom(stage, prompts, run.stopAfter);
  const offer = mergeOffers(run.workspace.offer, run.pack.offer, run.campaign?.offer);

  const { rows } = await sql().query<Row>(
    `SELECT rl.id AS "runLeadId", rl."leadId", rl.stage AS reached, rl.state, l.email, l."firstName" AS first_name,
            l."lastName" AS last_name, l.company, l.title, l.domain, l.website, l.country, l.employees, l.industry, l.notes, l.signals
       FROM run_leads rl JOIN leads l ON l.id = rl."leadId"
      WHERE rl.id = ANY($1) AND rl."runId" = $2 AND rl.state IN ('pending', 'running')`,
    [runLeadIds, runId],
  );
  const todo = rows.filter((row) => !hasDone(row.reached, stage));
  const { results, later } = await runChain(
    chain,
    todo.map((row) => ({ runLeadId: row.runLeadId, leadId: row.leadId, facts: row, signals: row.signals })),
    prompts,
    { workspaceId: run.workspaceId, icp, offer, senderName: offer.sender_name ?? run.workspace.relay?.fromName ?? run.workspace.name, stopAfter: run.stopAfter, minScore: icp.min_score },
  );
  const moved = await sqlTransaction((client) => writeResults(client, run, stage, results));
  for (const r of results) if (moved.has(r.lead.runLeadId)) metrics().stageLeads.inc({ stage: r.steps.at(-1)!.stage, state: r.steps.at(-1)!.verdict.state });

  const next: BatchResult["next"] = [];
  const afterChain = nextBatchStage(chain.at(-1)!);
  const continuing = results.filter((r) => moved.has(r.lead.runLeadId) && r.steps.at(-1)!.verdict.state === "running").map((r) => r.lead.runLeadId);
  if (afterChain && continuing.length) next.push({ stage: afterChain, ids: continuing });
  // Moved by an earlier run of this job (a retry after a crash): they go on from the next stage,
  // whose job skips whatever they have done already.
  const afterStage = run.stopAfter === stage ? null : nextBatchStage(stage);
  const alreadyDone = rows.filter((row) => hasDone(row.reached, stage) && row.state === "running").map((row) => row.runLeadId);
  if (afterStage && alreadyDone.length) {
    const same = next.find((group) => group.stage === afterStage); // one job per stage: job ids are per stage and batch
    if (same) same.ids.push(...alreadyDone);
    else next.push({ stage: afterStage, ids: alreadyDone });
  }
  return { next, later };
}
