import type { PoolClient } from "pg";
import { config } from "@/lib/config";
import { db, sql, sqlTransaction } from "@/lib/db";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import { insertEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { IcpRules } from "@/lib/packs/icp";
import { computeStage, type Outcome } from "@/lib/pipeline/compute-stage";
import type { StageOutput } from "@/lib/pipeline/local-stage";
import { resolveRunPrompts } from "@/lib/pipeline/resolve-prompts";
import { BATCH_STAGES, hasDone, nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";

// Carries a batch of a run's leads through one machine stage, in one transaction: the run-lead
// rows, the leads, the traces, the drafts and the outbox events. A row moves only if it has not
// done the stage yet, so a retried or duplicated job changes nothing twice and emits no event twice.
// Leads whose provider was unavailable are handed back (`later`) to be queued again after a delay.

type Row = LeadFacts & { runLeadId: string; leadId: string; reached: string | null; state: string; signals: Signals | null };
type Settled = { row: Row; outcome: Exclude<Outcome, { kind: "later" }> };

export type BatchResult = { next: string[]; nextStage: BatchStage | null; later: { ids: string[]; delayMs: number } };

type Verdict = { state: string; qualified: boolean | null; code: string | null; message: string | null };

function verdict(outcome: Settled["outcome"], stops: boolean, minScore: number): Verdict {
  if (outcome.kind === "invalid") return { state: "rejected", qualified: null, code: "model_output_invalid", message: outcome.message.slice(0, 500) };
  if (outcome.kind === "failed") return { state: "failed", qualified: null, code: outcome.code, message: outcome.message.slice(0, 500) };
  const output = outcome.output;
  if (output.stage === "qualify" && !output.qualified) return { state: "rejected", qualified: false, code: "not_icp", message: `Score ${output.score} is below the pack's minimum of ${minScore}.` };
  const state = stops ? "stopped" : output.stage === "draft_email" ? "awaiting_review" : "running";
  return { state, qualified: output.stage === "qualify" ? true : null, code: null, message: null };
}

export async function advanceBatch(runId: string, stage: BatchStage, runLeadIds: string[]): Promise<BatchResult> {
  const none: BatchResult = { next: [], nextStage: null, later: { ids: [], delayMs: 0 } };
  const run = await db().run.findUnique({
    where: { id: runId },
    select: { id: true, workspaceId: true, status: true, stopAfter: true, pack: { select: { icp: true } }, workspace: { select: { name: true, relay: { select: { fromName: true } } } } },
  });
  if (!run || run.status !== "running") return none;
  const prompt = (await resolveRunPrompts(runId)).get(stage);
  if (!prompt) throw new Error(`No prompt for stage ${stage}`);
  const icp = IcpRules.parse(run.pack.icp);

  const { rows } = await sql().query<Row>(
    `SELECT rl.id AS "runLeadId", rl."leadId", rl.stage AS reached, rl.state, l.email, l."firstName" AS first_name,
            l."lastName" AS last_name, l.company, l.title, l.domain, l.website, l.country, l.employees, l.industry, l.notes, l.signals
       FROM run_leads rl JOIN leads l ON l.id = rl."leadId"
      WHERE rl.id = ANY($1) AND rl."runId" = $2 AND rl.state IN ('pending', 'running')`,
    [runLeadIds, runId],
  );
  const todo = rows.filter((row) => !hasDone(row.reached, stage));
  const alreadyDone = rows.filter((row) => hasDone(row.reached, stage)).map((row) => row.runLeadId);
  const computed = await computeStage(stage, todo.map((row) => ({ runLeadId: row.runLeadId, facts: row, signals: row.signals })), prompt, {
    workspaceId: run.workspaceId, icp, senderName: run.workspace.relay?.fromName ?? run.workspace.name,
  });
  const settled: Settled[] = [];
  const later: string[] = [];
  let delayMs = 0;
  for (const row of todo) {
    const outcome = computed.outcomes.get(row.runLeadId)!;
    if (outcome.kind === "later") {
      later.push(row.runLeadId);
      delayMs = Math.max(delayMs, outcome.retryAfterMs);
    } else settled.push({ row, outcome });
  }
  const stops = run.stopAfter === stage;
  const verdicts = new Map(settled.map((s) => [s.row.runLeadId, verdict(s.outcome, stops, icp.min_score)]));

  const moved = await sqlTransaction(async (client) => {
    const ids = settled.map((s) => s.row.runLeadId);
    const v = ids.map((id) => verdicts.get(id)!);
    const updated = await client.query<{ id: string }>(
      `UPDATE run_leads rl SET stage = $1, state = t.state, qualified = COALESCE(t.qualified, rl.qualified),
              "reasonCode" = t.reason_code, "reasonMessage" = t.reason_message, "updatedAt" = now()
         FROM unnest($2::text[], $3::text[], $4::bool[], $5::text[], $6::text[]) AS t(id, state, qualified, reason_code, reason_message)
        WHERE rl.id = t.id AND rl.state IN ('pending', 'running') AND (rl.stage IS NULL OR NOT (rl.stage = ANY($7)))
        RETURNING rl.id`,
      [stage, ids, v.map((x) => x.state), v.map((x) => x.qualified), v.map((x) => x.code), v.map((x) => x.message), BATCH_STAGES.slice(BATCH_STAGES.indexOf(stage))],
    );
    const movedIds = new Set(updated.rows.map((row) => row.id));
    const done = settled.filter((s) => movedIds.has(s.row.runLeadId));
    const outputs = done.flatMap((s) => (s.outcome.kind === "done" ? [{ row: s.row, output: s.outcome.output }] : []));
    await writeLeadResults(client, stage, outputs);
    await insertTraces(client, run.workspaceId, runId, stage, prompt.id, computed.provider, computed.model, done);
    const events: OutboxEvent[] = [];
    for (const { row, outcome } of done) {
      const result = verdicts.get(row.runLeadId)!;
      if (result.state === "rejected" || result.state === "failed") {
        events.push({ type: "lead.rejected", data: { lead_id: row.leadId, run_id: runId, stage, reason: { code: result.code, message: result.message } } });
      } else if (outcome.kind === "done" && outcome.output.stage === "qualify") {
        events.push({ type: "lead.qualified", data: { lead_id: row.leadId, run_id: runId, score: outcome.output.score, reasons: outcome.output.reasons } });
      }
    }
    if (stage === "draft_email") events.push(...(await insertDrafts(client, run.workspaceId, runId, prompt.id, outputs)));
    await insertEvents(client, run.workspaceId, events);
    return movedIds;
  });

  const nextStage = stops ? null : nextBatchStage(stage);
  const continuing = settled.filter((s) => moved.has(s.row.runLeadId) && verdicts.get(s.row.runLeadId)!.state === "running").map((s) => s.row.runLeadId);
  return { next: nextStage ? [...continuing, ...alreadyDone] : [], nextStage, later: { ids: later, delayMs } };
}

type Produced = { row: Row; output: StageOutput }[];

async function writeLeadResults(client: PoolClient, stage: BatchStage, done: Produced) {
  if (done.length === 0) return;
  const ids = done.map((o) => o.row.leadId);
  if (stage === "extract_signals") {
    await client.query(
      `UPDATE leads l SET signals = t.signals::jsonb, "updatedAt" = now() FROM unnest($1::text[], $2::text[]) AS t(id, signals) WHERE l.id = t.id`,
      [ids, done.map((o) => JSON.stringify(o.output.stage === "extract_signals" ? o.output.signals : {}))],
    );
  } else if (stage === "qualify") {
    await client.query(
      `UPDATE leads l SET qualification = t.q::jsonb, status = t.status, "updatedAt" = now() FROM unnest($1::text[], $2::text[], $3::text[]) AS t(id, q, status) WHERE l.id = t.id`,
      [
        ids,
        done.map((o) => (o.output.stage === "qualify" ? JSON.stringify({ score: o.output.score, qualified: o.output.qualified, reasons: o.output.reasons }) : "null")),
        done.map((o) => (o.output.stage === "qualify" && o.output.qualified ? "qualified" : "rejected")),
      ],
    );
  } else {
    await client.query(`UPDATE leads SET status = 'drafted', "updatedAt" = now() WHERE id = ANY($1)`, [ids]);
  }
}

async function insertTraces(client: PoolClient, workspaceId: string, runId: string, stage: BatchStage, promptVersionId: string, provider: string, model: string, done: Settled[]) {
  if (done.length === 0) return;
  const field = (pick: (outcome: Settled["outcome"]) => unknown) => done.map((s) => pick(s.outcome));
  await client.query(
    `INSERT INTO stage_traces (id, "workspaceId", "runId", "leadId", stage, "promptVersionId", provider, model, "latencyMs", "inputTokens", "outputTokens", output, error, "createdAt", "costMicros")
     SELECT t.id, $1, $2, t.lead_id, $3, $4, $5, $6, t.latency, t.input_tokens, t.output_tokens, t.output::jsonb, t.error, now(), t.cost_micros
       FROM unnest($7::text[], $8::text[], $9::int[], $10::int[], $11::int[], $12::text[], $13::text[], $14::int[]) AS t(id, lead_id, latency, input_tokens, output_tokens, output, error, cost_micros)`,
    [
      workspaceId, runId, stage, promptVersionId, provider, model,
      done.map(() => newId("trc")), done.map((s) => s.row.leadId),
      field((o) => ("latencyMs" in o ? o.latencyMs : 0)), field((o) => ("inputTokens" in o ? o.inputTokens : 0)), field((o) => ("outputTokens" in o ? o.outputTokens : 0)),
      field((o) => (o.kind === "done" ? JSON.stringify(o.output) : null)), field((o) => (o.kind === "done" ? null : o.message)),
      field((o) => ("costMicros" in o ? o.costMicros : 0)),
    ],
  );
}

/** One draft per lead per run (unique on the run lead); draft.ready only for drafts made now. */
async function insertDrafts(client: PoolClient, workspaceId: string, runId: string, promptVersionId: string, done: Produced): Promise<OutboxEvent[]> {
  const drafts = done.flatMap((o) => (o.output.stage === "draft_email" ? [{ row: o.row, subject: o.output.subject, body: o.output.body }] : []));
  if (drafts.length === 0) return [];
  const inserted = await client.query<{ id: string; leadId: string }>(
    `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", "promptVersionId", subject, body, status, "createdAt", "updatedAt")
     SELECT t.id, $1, t.lead_id, $2, t.run_lead_id, $3, t.subject, t.body, 'awaiting_review', now(), now()
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(id, lead_id, run_lead_id, subject, body)
     ON CONFLICT ("runLeadId") DO NOTHING
     RETURNING id, "leadId"`,
    [workspaceId, runId, promptVersionId, drafts.map(() => newId("drf")), drafts.map((d) => d.row.leadId), drafts.map((d) => d.row.runLeadId), drafts.map((d) => d.subject), drafts.map((d) => d.body)],
  );
  const appUrl = config().APP_URL;
  return inserted.rows.map((draft) => ({
    type: "draft.ready" as const,
    data: { lead_id: draft.leadId, draft_id: draft.id, review_url: `${appUrl}/review/drafts/${draft.id}`, run_id: runId },
  }));
}
