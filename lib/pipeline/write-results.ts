import type { PoolClient } from "pg";
import { config } from "@/lib/config";
import { insertEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import type { LeadResult } from "@/lib/pipeline/run-chain";
import { BATCH_STAGES, type BatchStage } from "@/lib/pipeline/stages";

// Writes what a job computed for its batch, inside its transaction, with set-based statements: the
// run-lead rows (only those that have not done the job's first stage yet, so a repeated job changes
// nothing twice), then for the rows that moved, the leads, one trace per stage, the drafts and the
// outbox events. Returns the run-lead ids that moved.

export async function writeResults(client: PoolClient, run: { id: string; workspaceId: string }, firstStage: BatchStage, results: LeadResult[]): Promise<Set<string>> {
  if (results.length === 0) return new Set();
  const last = (r: LeadResult) => r.steps.at(-1)!;
  const updated = await client.query<{ id: string }>(
    `UPDATE run_leads rl SET stage = t.stage, state = t.state, qualified = COALESCE(t.qualified, rl.qualified),
            "reasonCode" = t.reason_code, "reasonMessage" = t.reason_message, "updatedAt" = now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::bool[], $5::text[], $6::text[]) AS t(id, stage, state, qualified, reason_code, reason_message)
      WHERE rl.id = t.id AND rl.state IN ('pending', 'running') AND (rl.stage IS NULL OR NOT (rl.stage = ANY($7)))
      RETURNING rl.id`,
    [
      results.map((r) => r.lead.runLeadId), results.map((r) => last(r).stage), results.map((r) => last(r).verdict.state),
      results.map((r) => r.qualification?.qualified ?? last(r).verdict.qualified), results.map((r) => last(r).verdict.code), results.map((r) => last(r).verdict.message),
      BATCH_STAGES.slice(BATCH_STAGES.indexOf(firstStage)),
    ],
  );
  const moved = new Set(updated.rows.map((row) => row.id));
  const done = results.filter((r) => moved.has(r.lead.runLeadId));
  await updateLeads(client, done);
  await insertTraces(client, run, done);
  const events = [...stageEvents(run.id, done), ...(await insertDrafts(client, run, done))];
  await insertEvents(client, run.workspaceId, events);
  return moved;
}

/** Signals, qualification and status in one statement; what a job did not compute stays as it was. */
async function updateLeads(client: PoolClient, done: LeadResult[]) {
  const changed = done.filter((r) => r.signals || r.qualification || r.draft);
  if (changed.length === 0) return;
  const status = (r: LeadResult) => (r.draft ? "drafted" : r.qualification ? (r.qualification.qualified ? "qualified" : "rejected") : null);
  await client.query(
    `UPDATE leads l SET signals = COALESCE(t.signals::jsonb, l.signals), qualification = COALESCE(t.q::jsonb, l.qualification),
            status = COALESCE(t.status, l.status), "updatedAt" = now()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t(id, signals, q, status) WHERE l.id = t.id`,
    [
      changed.map((r) => r.lead.leadId), changed.map((r) => (r.signals ? JSON.stringify(r.signals) : null)),
      changed.map((r) => (r.qualification ? JSON.stringify(r.qualification) : null)), changed.map(status),
    ],
  );
}

async function insertTraces(client: PoolClient, run: { id: string; workspaceId: string }, done: LeadResult[]) {
  const traces = done.flatMap((r) => r.steps.map((step) => ({ leadId: r.lead.leadId, ...step })));
  if (traces.length === 0) return;
  const column = <T>(pick: (trace: (typeof traces)[number]) => T) => traces.map(pick);
  await client.query(
    `INSERT INTO stage_traces (id, "workspaceId", "runId", "leadId", stage, "promptVersionId", provider, model, "latencyMs", "inputTokens", "outputTokens", output, error, "createdAt")
     SELECT t.id, $1, $2, t.lead_id, t.stage, t.prompt_version_id, t.provider, t.model, t.latency, t.input_tokens, t.output_tokens, t.output::jsonb, t.error, now()
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::int[], $10::int[], $11::int[], $12::text[], $13::text[])
         AS t(id, lead_id, stage, prompt_version_id, provider, model, latency, input_tokens, output_tokens, output, error)`,
    [
      run.workspaceId, run.id, traces.map(() => newId("trc")), column((t) => t.leadId), column((t) => t.stage), column((t) => t.prompt.id),
      column((t) => t.provider), column((t) => t.model), column((t) => ("latencyMs" in t.outcome ? t.outcome.latencyMs : 0)),
      column((t) => ("inputTokens" in t.outcome ? t.outcome.inputTokens : 0)), column((t) => ("outputTokens" in t.outcome ? t.outcome.outputTokens : 0)),
      column((t) => (t.outcome.kind === "done" ? JSON.stringify(t.outcome.output) : null)), column((t) => (t.outcome.kind === "done" ? null : t.outcome.message)),
    ],
  );
}

/** lead.qualified for each lead that passed qualify now; lead.rejected for each rejected or failed now. */
function stageEvents(runId: string, done: LeadResult[]): OutboxEvent[] {
  const events: OutboxEvent[] = [];
  for (const r of done) {
    for (const step of r.steps) {
      if (step.verdict.state === "rejected" || step.verdict.state === "failed") {
        events.push({ type: "lead.rejected", data: { lead_id: r.lead.leadId, run_id: runId, stage: step.stage, reason: { code: step.verdict.code, message: step.verdict.message } } });
      } else if (step.outcome.kind === "done" && step.outcome.output.stage === "qualify") {
        events.push({ type: "lead.qualified", data: { lead_id: r.lead.leadId, run_id: runId, score: step.outcome.output.score, reasons: step.outcome.output.reasons } });
      }
    }
  }
  return events;
}

/** One draft per lead per run (unique on the run lead); draft.ready only for drafts made now. */
async function insertDrafts(client: PoolClient, run: { id: string; workspaceId: string }, done: LeadResult[]): Promise<OutboxEvent[]> {
  const drafts = done.flatMap((r) => (r.draft ? [{ r, draft: r.draft, promptVersionId: r.steps.find((s) => s.stage === "draft_email")!.prompt.id }] : []));
  if (drafts.length === 0) return [];
  const inserted = await client.query<{ id: string; leadId: string }>(
    `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", "promptVersionId", subject, body, status, "createdAt", "updatedAt")
     SELECT t.id, $1, t.lead_id, $2, t.run_lead_id, t.prompt_version_id, t.subject, t.body, 'awaiting_review', now(), now()
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(id, lead_id, run_lead_id, prompt_version_id, subject, body)
     ON CONFLICT ("runLeadId") DO NOTHING
     RETURNING id, "leadId"`,
    [
      run.workspaceId, run.id, drafts.map(() => newId("drf")), drafts.map((d) => d.r.lead.leadId), drafts.map((d) => d.r.lead.runLeadId),
      drafts.map((d) => d.promptVersionId), drafts.map((d) => d.draft.subject), drafts.map((d) => d.draft.body),
    ],
  );
  const appUrl = config().APP_URL;
  return inserted.rows.map((draft) => ({
    type: "draft.ready" as const,
    data: { lead_id: draft.leadId, draft_id: draft.id, review_url: `${appUrl}/review/drafts/${draft.id}`, run_id: run.id },
  }));
}
