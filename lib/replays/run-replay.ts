import { db, sql } from "@/lib/db";
import type { Signals } from "@/lib/engine/local/signals";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { newId } from "@/lib/ids";
import { LEAD_FACT_COLUMNS, RUN_CONTEXT_SELECT, stageContext, type LeadFactRow } from "@/lib/pipeline/stage-context";
import { promptTarget, runPrompt, type Ran } from "@/lib/prompts/run-prompt";
import type { StageOutput } from "@/lib/prompts/stage-output";
import type { ReplayStage } from "@/lib/replays/replays";
import { JOB_ROW_STATUS } from "@/lib/statuses";

// The `replay` worker's part: the run's most recent leads that reached the stage, each put through
// the version as the pipeline runs it (runPrompt: the version's model, the pack's ICP, the run's
// offer and sender), nothing written but the replay's rows. The run's answer is the
// stage's trace for that lead; the signals a later stage sees are the ones the run extracted.
// Leads are read as they are now (an edit since the run shows in the replay).

type Trace = { leadId: string; output: StageOutput; promptVersionId: string | null };

/** The most recent answer per lead for the stage, newest leads first, at most `limit`. */
async function lastAnswers(runId: string, stage: ReplayStage, limit: number): Promise<Trace[]> {
  const { rows } = await sql().query<Trace>(
    `SELECT "leadId", output, "promptVersionId" FROM (
       SELECT DISTINCT ON (t."leadId") t."leadId", t.output, t."promptVersionId", t."createdAt", t.id
         FROM stage_traces t
        WHERE t."runId" = $1 AND t.stage = $2 AND t.output IS NOT NULL AND t.error IS NULL
        ORDER BY t."leadId", t."createdAt" DESC, t.id DESC) latest
      ORDER BY "createdAt" DESC, id DESC LIMIT $3`,
    [runId, stage, limit],
  );
  return rows;
}

/** The signals the run extracted for each lead (the stages after extract_signals saw these). */
async function runSignals(runId: string, leadIds: string[]): Promise<Map<string, Signals>> {
  const { rows } = await sql().query<{ leadId: string; output: { signals?: Signals } }>(
    `SELECT DISTINCT ON ("leadId") "leadId", output FROM stage_traces
      WHERE "runId" = $1 AND stage = 'extract_signals' AND "leadId" = ANY($2) AND output IS NOT NULL
      ORDER BY "leadId", "createdAt" DESC, id DESC`,
    [runId, leadIds],
  );
  return new Map(rows.map((row) => [row.leadId, row.output.signals ?? {}]));
}

async function leadFacts(leadIds: string[]): Promise<Map<string, LeadFactRow & { id: string }>> {
  const { rows } = await sql().query<LeadFactRow & { id: string }>(`SELECT l.id, ${LEAD_FACT_COLUMNS} FROM leads l WHERE l.id = ANY($1)`, [leadIds]);
  return new Map(rows.map((row) => [row.id, row]));
}

/** A stage answer as a reviewer reads it: the email, the verdict with its reasons, or the signals. */
export function answerText(output: StageOutput | null): string {
  if (!output) return "";
  switch (output.stage) {
    case "draft_email":
      return `Subject: ${output.subject}\n\n${output.body}`;
    case "qualify":
      return [`${output.qualified ? "Qualified" : "Not qualified"} (score ${output.score})`, ...output.reasons.map((reason) => `- ${reason}`)].join("\n");
    case "extract_signals":
      return JSON.stringify(Object.fromEntries(Object.entries(output.signals).sort(([a], [b]) => a.localeCompare(b))), null, 2);
  }
}

function label(lead: LeadFactRow | undefined, leadId: string): string {
  if (!lead) return `${leadId} (deleted)`;
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ");
  const who = name || lead.email || leadId;
  return lead.company ? `${who}, ${lead.company}` : who;
}

function compare(before: StageOutput, outcome: Ran<StageOutput> | undefined) {
  const beforeText = answerText(before);
  if (!outcome || outcome.kind !== "done") {
    const error = !outcome ? "No answer." : outcome.kind === "later" ? `The provider could not answer now: ${outcome.message}` : outcome.message;
    return {
      after: null,
      afterText: "",
      valid: false,
      changed: true,
      verdictChanged: false,
      error,
      latencyMs: outcome && "latencyMs" in outcome ? outcome.latencyMs : 0,
      costMicros: outcome && "costMicros" in outcome ? outcome.costMicros : 0,
      beforeText,
    };
  }
  const afterText = answerText(outcome.output);
  const verdictChanged = before.stage === "qualify" && outcome.output.stage === "qualify" && before.qualified !== outcome.output.qualified;
  return {
    after: outcome.output,
    afterText,
    valid: true,
    changed: afterText !== beforeText,
    verdictChanged,
    error: null,
    latencyMs: outcome.latencyMs,
    costMicros: outcome.costMicros,
    beforeText,
  };
}

export async function runReplay(replayId: string): Promise<{ leads: number; changed: number } | null> {
  const replay = await db().replay.findUnique({
    where: { id: replayId },
    include: { promptVersion: { include: { prompt: { select: { name: true } } } }, run: { select: { id: true, ...RUN_CONTEXT_SELECT } } },
  });
  if (!replay || replay.status === JOB_ROW_STATUS.done) return null;
  await db().replay.update({ where: { id: replayId }, data: { status: JOB_ROW_STATUS.running, startedAt: new Date(), error: null } });
  try {
    const started = performance.now();
    const stage = replay.stage as ReplayStage;
    const answers = await lastAnswers(replay.runId, stage, replay.requested);
    const leadIds = answers.map((answer) => answer.leadId);
    const [leads, signals] = await Promise.all([
      leadFacts(leadIds),
      stage === "extract_signals" ? new Map<string, Signals>() : runSignals(replay.runId, leadIds),
    ]);
    const present = answers.filter((answer) => leads.has(answer.leadId));
    const context = stageContext(replay.run);
    const target = await promptTarget(context.workspaceId, replay.promptVersion.modelDefault);
    const outcomes = await Promise.all(
      present.map((answer) => {
        const lead = leads.get(answer.leadId)!;
        return runPrompt(stage, replay.promptVersion, { facts: lead, signals: signals.get(answer.leadId) ?? lead.signals, context }, target);
      }),
    );
    const results = present.map((answer, position) => ({ answer, position, ...compare(answer.output, outcomes[position]) }));
    const latencyMs = Math.round(performance.now() - started);
    const cost = results.reduce((sum, r) => sum + r.costMicros, 0);
    await db().$transaction([
      db().replayResult.deleteMany({ where: { replayId } }),
      db().replayResult.createMany({
        data: results.map((r) => ({
          id: newId("rpr"),
          replayId,
          position: r.position,
          leadId: r.answer.leadId,
          leadLabel: label(leads.get(r.answer.leadId), r.answer.leadId).slice(0, 300),
          beforeVersionId: r.answer.promptVersionId,
          before: r.answer.output as unknown as Prisma.InputJsonValue,
          beforeText: r.beforeText.slice(0, 20_000),
          after: (r.after ?? undefined) as Prisma.InputJsonValue | undefined,
          afterText: r.afterText.slice(0, 20_000),
          valid: r.valid,
          changed: r.changed,
          verdictChanged: r.verdictChanged,
          error: r.error?.slice(0, 1000) ?? null,
          latencyMs: r.latencyMs,
          costMicros: BigInt(Math.round(r.costMicros)),
        })),
      }),
      db().replay.update({
        where: { id: replayId },
        data: {
          status: JOB_ROW_STATUS.done,
          leadCount: results.length,
          changed: results.filter((r) => r.changed).length,
          verdictsChanged: results.filter((r) => r.verdictChanged).length,
          valid: results.filter((r) => r.valid).length,
          latencyMs,
          costMicros: BigInt(Math.round(cost)),
          finishedAt: new Date(),
        },
      }),
    ]);
    return { leads: results.length, changed: results.filter((r) => r.changed).length };
  } catch (error) {
    await db().replay.update({
      where: { id: replayId },
      data: { status: JOB_ROW_STATUS.failed, error: (error as Error).message.slice(0, 1000), finishedAt: new Date() },
    });
    throw error;
  }
}
