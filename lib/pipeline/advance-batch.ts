import { config } from "@/lib/config";
import { db, sql } from "@/lib/db";
import type { LeadFacts } from "@/lib/engine/local/lead-facts";
import type { Signals } from "@/lib/engine/local/signals";
import { insertEvents, type OutboxEvent } from "@/lib/events/outbox";
import { newId } from "@/lib/ids";
import { IcpRules } from "@/lib/packs/icp";
import { runLocalStage, type StageOutput } from "@/lib/pipeline/local-stage";
import { resolveRunPrompts } from "@/lib/pipeline/resolve-prompts";
import { BATCH_STAGES, hasDone, nextBatchStage, type BatchStage } from "@/lib/pipeline/stages";

// Carries a batch of a run's leads through one machine stage, in one transaction: the run-lead
// rows, the leads, the traces, the drafts and the outbox events. A row moves only if it has not
// done the stage yet, so a retried or duplicated job changes nothing twice and emits no event twice.

type Row = LeadFacts & { runLeadId: string; leadId: string; reached: string | null; state: string; signals: Signals | null };

export type BatchResult = { next: string[]; nextStage: BatchStage | null };

export async function advanceBatch(runId: string, stage: BatchStage, runLeadIds: string[]): Promise<BatchResult> {
  const run = await db().run.findUnique({
    where: { id: runId },
    select: { id: true, workspaceId: true, status: true, stopAfter: true, pack: { select: { icp: true } }, workspace: { select: { name: true, relay: { select: { fromName: true } } } } },
  });
  if (!run || run.status !== "running") return { next: [], nextStage: null };
  const prompt = (await resolveRunPrompts(runId)).get(stage);
  if (!prompt) throw new Error(`No prompt for stage ${stage}`);
  const icp = IcpRules.parse(run.pack.icp);
  const senderName = run.workspace.relay?.fromName ?? run.workspace.name;

  const { rows } = await sql().query<Row>(
    `SELECT rl.id AS "runLeadId", rl."leadId", rl.stage AS reached, rl.state, l.email, l."firstName" AS first_name,
            l."lastName" AS last_name, l.company, l.title, l.domain, l.website, l.country, l.employees, l.industry, l.notes, l.signals
       FROM run_leads rl JOIN leads l ON l.id = rl."leadId"
      WHERE rl.id = ANY($1) AND rl."runId" = $2 AND rl.state IN ('pending', 'running')`,
    [runLeadIds, runId],
  );
  const todo = rows.filter((row) => !hasDone(row.reached, stage));
  const alreadyDone = rows.filter((row) => hasDone(row.reached, stage)).map((row) => row.runLeadId);

  const outputs = todo.map((row) => {
    const started = performance.now();
    const output = runLocalStage(stage, { facts: row, signals: row.signals }, prompt, { icp, senderName });
    return { row, output, latencyMs: Math.max(0, Math.round(performance.now() - started)) };
  });
  const stops = run.stopAfter === stage;
  const stateAfter = (output: StageOutput) =>
    output.stage === "qualify" && !output.qualified ? "rejected" : stops ? "stopped" : output.stage === "draft_email" ? "awaiting_review" : "running";

  const doneOrLater = BATCH_STAGES.slice(BATCH_STAGES.indexOf(stage));
  const client = await sql().connect();
  let moved: Set<string>;
  try {
    await client.query("BEGIN");
    const updated = await client.query<{ id: string }>(
      `UPDATE run_leads rl SET stage = $1, state = t.state, qualified = COALESCE(t.qualified, rl.qualified),
              "reasonCode" = t.reason_code, "reasonMessage" = t.reason_message, "updatedAt" = now()
         FROM unnest($2::text[], $3::text[], $4::bool[], $5::text[], $6::text[]) AS t(id, state, qualified, reason_code, reason_message)
        WHERE rl.id = t.id AND rl.state IN ('pending', 'running') AND (rl.stage IS NULL OR NOT (rl.stage = ANY($7)))
        RETURNING rl.id`,
      [
        stage,
        outputs.map((o) => o.row.runLeadId),
        outputs.map((o) => stateAfter(o.output)),
        outputs.map((o) => (o.output.stage === "qualify" ? o.output.qualified : null)),
        outputs.map((o) => (o.output.stage === "qualify" && !o.output.qualified ? "not_icp" : null)),
        outputs.map((o) => (o.output.stage === "qualify" && !o.output.qualified ? `Score ${o.output.score} is below the pack's minimum of ${icp.min_score}.` : null)),
        doneOrLater,
      ],
    );
    moved = new Set(updated.rows.map((row) => row.id));
    const done = outputs.filter((o) => moved.has(o.row.runLeadId));
    await writeLeadResults(client, stage, done);
    await client.query(
      `INSERT INTO stage_traces (id, "workspaceId", "runId", "leadId", stage, "promptVersionId", provider, model, "latencyMs", output, "createdAt")
       SELECT t.id, $1, $2, t.lead_id, $3, $4, 'local', $5, t.latency, t.output::jsonb, now()
         FROM unnest($6::text[], $7::text[], $8::int[], $9::text[]) AS t(id, lead_id, latency, output)`,
      [run.workspaceId, runId, stage, prompt.id, prompt.modelDefault, done.map(() => newId("trc")), done.map((o) => o.row.leadId), done.map((o) => o.latencyMs), done.map((o) => JSON.stringify(o.output))],
    );
    const events: OutboxEvent[] = [];
    if (stage === "qualify") {
      for (const { row, output } of done) {
        if (output.stage !== "qualify") continue;
        events.push(output.qualified
          ? { type: "lead.qualified", data: { lead_id: row.leadId, run_id: runId, score: output.score, reasons: output.reasons } }
          : { type: "lead.rejected", data: { lead_id: row.leadId, run_id: runId, stage, reason: { code: "not_icp", message: `Score ${output.score} is below the pack's minimum of ${icp.min_score}.` } } });
      }
    }
    if (stage === "draft_email") events.push(...(await insertDrafts(client, run.workspaceId, runId, prompt.id, done)));
    await insertEvents(client, run.workspaceId, events);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }

  const nextStage = stops ? null : nextBatchStage(stage);
  if (!nextStage) return { next: [], nextStage: null };
  const continuing = outputs.filter((o) => moved.has(o.row.runLeadId) && stateAfter(o.output) === "running").map((o) => o.row.runLeadId);
  return { next: [...continuing, ...alreadyDone], nextStage };
}

type Done = { row: Row; output: StageOutput }[];

async function writeLeadResults(client: import("pg").PoolClient, stage: BatchStage, done: Done) {
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

/** One draft per lead per run (unique on the run lead); draft.ready only for drafts made now. */
async function insertDrafts(client: import("pg").PoolClient, workspaceId: string, runId: string, promptVersionId: string, done: Done): Promise<OutboxEvent[]> {
  const drafts = done.filter((o) => o.output.stage === "draft_email");
  if (drafts.length === 0) return [];
  const inserted = await client.query<{ id: string; leadId: string }>(
    `INSERT INTO drafts (id, "workspaceId", "leadId", "runId", "runLeadId", "promptVersionId", subject, body, status, "createdAt", "updatedAt")
     SELECT t.id, $1, t.lead_id, $2, t.run_lead_id, $3, t.subject, t.body, 'awaiting_review', now(), now()
       FROM unnest($4::text[], $5::text[], $6::text[], $7::text[], $8::text[]) AS t(id, lead_id, run_lead_id, subject, body)
     ON CONFLICT ("runLeadId") DO NOTHING
     RETURNING id, "leadId"`,
    [
      workspaceId, runId, promptVersionId,
      drafts.map(() => newId("drf")), drafts.map((o) => o.row.leadId), drafts.map((o) => o.row.runLeadId),
      drafts.map((o) => (o.output.stage === "draft_email" ? o.output.subject : "")), drafts.map((o) => (o.output.stage === "draft_email" ? o.output.body : "")),
    ],
  );
  const appUrl = config().APP_URL;
  return inserted.rows.map((draft) => ({
    type: "draft.ready" as const,
    data: { lead_id: draft.leadId, draft_id: draft.id, review_url: `${appUrl}/review/drafts/${draft.id}`, run_id: runId },
  }));
}
