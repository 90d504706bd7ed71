import type { PoolClient } from "pg";
import { config } from "@/lib/config";
import { writeEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import type { LeadResult } from "@/lib/pipeline/run-chain";
import { writeLeadStageResults } from "@/lib/lifecycle/lead";
import { moveRunLeadsInBatch, WORKING_RUN_LEAD_STATES } from "@/lib/lifecycle/run-lead";
import { BATCH_STAGES, type BatchStage } from "@/lib/pipeline/stages";
import { DRAFT_STATUS, LEAD_STATUS, RUN_LEAD_STATE } from "@/lib/statuses";
import type { StageOutput } from "@/lib/prompts/stage-output";
import { reviewDrafts, signedReview, withRunOpenings, type DraftReview, type ReviewContext } from "@/lib/pipeline/review-drafts";
import { identitiesOf } from "@/lib/senders/signer";

// Writes what a job computed for its batch, inside its transaction, with set-based statements (rows
// travel as one JSON parameter: JSON.stringify is far cheaper than pg's array literals): the
// run-lead rows (only those that have not done the job's first stage yet, so a repeated job changes
// nothing twice), then for the rows that moved, the leads, one trace per stage, the drafts and the
// outbox events. Returns the run-lead ids that moved. The drafts' evidence and checks are computed
// before the transaction (reviewResults): they are most of a local-engine batch's CPU.

const drafted = (results: LeadResult[]) => results.filter((r) => r.draft);

/** Evidence and checks of the batch's drafts, each as its lead's sender signs (its name is no unsupported claim), keyed by run lead. */
export async function reviewResults(results: LeadResult[], context: ReviewContext): Promise<Map<string, DraftReview>> {
  const drafts = drafted(results);
  if (!drafts.length) return new Map();
  const signers = await identitiesOf(drafts.map((r) => r.lead.runLeadId));
  const reviews = reviewDrafts(
    drafts.map((r) => ({ draft: r.draft!, lead: r.lead.facts, signals: r.lead.signals, context: signedReview(context, signers.get(r.lead.runLeadId)) })),
    context,
  );
  return new Map(drafts.map((r, i) => [r.lead.runLeadId, reviews[i]]));
}

export async function writeResults(
  client: PoolClient,
  run: { id: string; workspaceId: string },
  firstStage: BatchStage,
  results: LeadResult[],
  reviews: Map<string, DraftReview>,
): Promise<Set<string>> {
  if (results.length === 0) return new Set();
  const last = (r: LeadResult) => r.steps.at(-1)!;
  const moved = await moveRunLeadsInBatch(
    client,
    results.map((r) => ({
      id: r.lead.runLeadId,
      stage: last(r).stage,
      state: last(r).verdict.state,
      qualified: r.qualification?.qualified ?? last(r).verdict.qualified,
      reasonCode: last(r).verdict.code,
      reasonMessage: last(r).verdict.message,
    })),
    { from: WORKING_RUN_LEAD_STATES, notReached: BATCH_STAGES.slice(BATCH_STAGES.indexOf(firstStage)) },
  );
  const done = results.filter((r) => moved.has(r.lead.runLeadId));
  await updateLeads(client, done);
  await insertTraces(client, run, done);
  const events = [...stageEvents(run.id, done), ...(await insertDrafts(client, run, done, reviews))];
  await writeEvents(client, run.workspaceId, events);
  return moved;
}

/** Signals, qualification and status in one statement (lib/lifecycle/lead.ts); what a job did not compute stays as it was. */
async function updateLeads(client: PoolClient, done: LeadResult[]) {
  const screened = (r: LeadResult) => r.steps.at(-1)?.screened === true; // rejected by the recipient checks
  const status = (r: LeadResult) =>
    r.draft
      ? LEAD_STATUS.drafted
      : screened(r)
        ? LEAD_STATUS.rejected
        : r.qualification
          ? r.qualification.qualified
            ? LEAD_STATUS.qualified
            : LEAD_STATUS.rejected
          : null;
  const changed = done.filter((r) => r.signals || r.qualification || r.draft || screened(r));
  await writeLeadStageResults(
    client,
    changed.map((r) => ({ id: r.lead.leadId, signals: r.signals ?? null, qualification: r.qualification ?? null, to: status(r) })),
  );
}

async function insertTraces(client: PoolClient, run: { id: string; workspaceId: string }, done: LeadResult[]) {
  const traces = done.flatMap((r) =>
    r.steps
      .filter((step) => !step.screened)
      .map(({ stage, prompt, provider, model, outcome }) => ({
        id: newId("trc"),
        lead_id: r.lead.leadId,
        stage,
        prompt_version_id: prompt.id,
        provider,
        model,
        latency: "latencyMs" in outcome ? outcome.latencyMs : 0,
        input_tokens: "inputTokens" in outcome ? outcome.inputTokens : 0,
        output_tokens: "outputTokens" in outcome ? outcome.outputTokens : 0,
        cost_micros: "costMicros" in outcome ? outcome.costMicros : 0,
        output: outcome.kind === "done" ? withoutWritten(outcome.output) : null,
        error: outcome.kind === "done" ? null : outcome.message,
      })),
  );
  if (traces.length === 0) return;
  await client.query(
    `INSERT INTO stage_traces (id, "workspaceId", "runId", "leadId", stage, "promptVersionId", provider, model, "latencyMs", "inputTokens", "outputTokens", "costMicros", output, error, "createdAt")
     SELECT t.id, $1, $2, t.lead_id, t.stage, t.prompt_version_id, t.provider, t.model, t.latency, t.input_tokens, t.output_tokens, t.cost_micros, t.output, t.error, now()
       FROM json_to_recordset($3::json)
         AS t(id text, lead_id text, stage text, prompt_version_id text, provider text, model text, latency int, input_tokens int, output_tokens int, cost_micros int, output jsonb, error text)`,
    [run.workspaceId, run.id, JSON.stringify(traces)],
  );
}

/** A trace keeps the stage's answer, not the local engine's line map. */
function withoutWritten(output: StageOutput) {
  if (output.stage !== "draft_email" || !output.written) return output;
  const { written: _, ...rest } = output;
  return rest;
}

/** lead.qualified for each lead that passed qualify now; lead.rejected for each rejected or failed now. */
function stageEvents(runId: string, done: LeadResult[]): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  for (const r of done) {
    for (const step of r.steps) {
      if (step.verdict.state === RUN_LEAD_STATE.rejected || step.verdict.state === RUN_LEAD_STATE.failed) {
        events.push({
          type: "lead.rejected",
          data: { lead_id: r.lead.leadId, run_id: runId, stage: step.stage, reason: { code: step.verdict.code, message: step.verdict.message } },
        });
      } else if (step.outcome.kind === "done" && step.outcome.output.stage === "qualify") {
        events.push({
          type: "lead.qualified",
          data: { lead_id: r.lead.leadId, run_id: runId, score: step.outcome.output.score, reasons: step.outcome.output.reasons },
        });
      }
    }
  }
  return events;
}

/** One draft per lead per run (unique on the run lead); draft.ready only for drafts made now. */
type RunRef = { id: string; workspaceId: string };

async function insertDrafts(client: PoolClient, run: RunRef, done: LeadResult[], reviewed: Map<string, DraftReview>): Promise<OutboxEvent[]> {
  const drafts = drafted(done).map((r) => ({ r, draft: r.draft!, promptVersionId: r.steps.find((s) => s.stage === "draft_email")!.prompt.id }));
  if (drafts.length === 0) return [];
  const reviews = await withRunOpenings(
    client,
    run.id,
    drafts.map(({ r }) => reviewed.get(r.lead.runLeadId)!),
  );
  const inserted = await client.query<{ id: string; leadId: string; senderId: string | null }>(
    `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", "promptVersionId", "experimentId", subject, body, status, evidence, checks, risk, "riskRank", opening, "createdAt", "updatedAt")
     SELECT t.id, $1, t.lead_id, $2, t.run_lead_id, t.prompt_version_id, t.experiment_id, t.subject, t.body, $4, t.evidence, t.checks, t.risk, t.risk_rank, t.opening, now(), now()
       FROM json_to_recordset($3::json) AS t(id text, lead_id text, run_lead_id text, prompt_version_id text, experiment_id text, subject text, body text,
                                             evidence jsonb, checks jsonb, risk text, risk_rank smallint, opening text)
     ON CONFLICT ("runLeadId", step) DO NOTHING
     RETURNING id, "leadId", (SELECT rl."senderId" FROM run_leads rl WHERE rl.id = drafts."runLeadId") AS "senderId"`,
    [
      run.workspaceId,
      run.id,
      JSON.stringify(
        drafts.map((d, i) => ({
          ...reviews[i],
          id: newId("drf"),
          lead_id: d.r.lead.leadId,
          run_lead_id: d.r.lead.runLeadId,
          prompt_version_id: d.promptVersionId,
          experiment_id: d.r.lead.experiment?.experimentId ?? null, // the variant is the version
          subject: d.draft.subject,
          body: d.draft.body,
        })),
      ),
      DRAFT_STATUS.awaiting_review, // a draft's first status (lib/lifecycle/draft.ts)
    ],
  );
  const appUrl = config().APP_URL;
  return inserted.rows.map((draft) => ({
    type: "draft.ready" as const,
    data: {
      lead_id: draft.leadId,
      draft_id: draft.id,
      review_url: `${appUrl}/review/drafts/${draft.id}`,
      run_id: run.id,
      step: 1,
      sender_id: draft.senderId,
      kind: "first",
      reply_id: null,
    },
  }));
}
