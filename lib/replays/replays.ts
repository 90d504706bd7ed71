import { z } from "zod";
import { JOB_ROW_STATUSES } from "@/lib/statuses";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { db } from "@/lib/db";
import { Conflict, NotFound, ValidationFailed } from "@/lib/errors";
import { findVersion, promptVersionFilter } from "@/lib/evals/evaluations";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { newId } from "@/lib/ids";
import { findProvider, parseModelRef } from "@/lib/providers/model-ref";
import { enqueueAfterCommit } from "@/lib/queues";
import { REPLAY_STAGES } from "@/lib/lifecycle/stages";

// Behaviour diffs (docs/evals.md "Behaviour diff"): a prompt version replayed over the last leads of
// a finished run without sending or changing anything. The `replay` worker (lib/replays/run-replay.ts)
// asks as the run did and sets each answer beside the one the run recorded in its traces.

export { REPLAY_STAGES };
export type ReplayStage = (typeof REPLAY_STAGES)[number];
export const MAX_REPLAY_LEADS = 50;
/** A run still doing its machine stages has no settled answers to compare with. */
const IN_PROGRESS = ["queued", "importing", "running"];

export const CreateReplayBody = z
  .strictObject({
    prompt: z.string().max(130).meta({ description: "A prompt name; a fork is `<name>@<workspace>`", example: "draft_email@acme" }),
    version: z.string().max(100).meta({ example: "v1.3.0-acme" }),
    run_id: z
      .string()
      .max(40)
      .meta({ description: "A finished run of this workspace (not queued, importing or running)", example: "run_01jd0000000000000000000000" }),
    leads: z
      .number()
      .int()
      .min(1)
      .max(MAX_REPLAY_LEADS)
      .optional()
      .meta({ description: `How many of the run's most recent leads that reached the version's stage (default 20, at most ${MAX_REPLAY_LEADS})` }),
  })
  .meta({ id: "CreateReplay" });
export type CreateReplayBody = z.infer<typeof CreateReplayBody>;

export const ReplayIdParams = z.object({
  id: z
    .string()
    .regex(/^rpy_[0-9a-z]{26}$/)
    .meta({ example: "rpy_01jd0000000000000000000000" }),
});
export const ReplaysQuery = ListQuery.extend({
  prompt: z.string().max(130).optional().meta({ description: "Only replays of this prompt's versions (a prompt the workspace cannot see: none)" }),
  version: z.string().max(100).optional().meta({ description: "With prompt: only this version" }),
  run_id: z.string().max(40).optional().meta({ description: "Only replays over this run" }),
});

const VersionRef = z.object({ name: z.string(), version: z.string() });
export const ReplayResultSchema = z
  .object({
    position: z.number().int().meta({ description: "0 is the run's most recent lead" }),
    lead_id: z.string(),
    lead: z.string().meta({ description: "The lead's name and company, or its email" }),
    run_version: VersionRef.nullable().meta({ description: "The version the run used for this stage" }),
    before: z.unknown().meta({ description: "The run's answer for this lead (from its trace)" }),
    before_text: z.string(),
    after: z.unknown().meta({ description: "This version's answer; null when it gave none" }),
    after_text: z.string(),
    valid: z.boolean().meta({ description: "The answer met the stage's JSON output contract" }),
    changed: z.boolean(),
    verdict_changed: z.boolean().meta({ description: "qualify: the verdict differs from the run's" }),
    error: z.string().nullable(),
    latency_ms: z.number().int(),
    cost_usd: z.number(),
  })
  .meta({ id: "ReplayResult" });
const replayFields = {
  id: z.string(),
  prompt: z.object({ name: z.string(), version: z.string(), version_id: z.string() }),
  run: z.object({ id: z.string(), status: z.string(), created_at: z.string() }),
  stage: z.enum(REPLAY_STAGES),
  provider: z.string(),
  model: z.string(),
  requested: z.number().int(),
  status: z.enum(JOB_ROW_STATUSES),
  lead_count: z.number().int(),
  changed: z.number().int(),
  verdicts_changed: z.number().int(),
  valid: z.number().int(),
  latency_ms: z.number().int().meta({ description: "Wall time of the whole replay" }),
  cost_usd: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
};
export const ReplaySummarySchema = z.object(replayFields).meta({ id: "ReplaySummary" });
export const ReplaySchema = z.object({ ...replayFields, results: z.array(ReplayResultSchema) }).meta({ id: "Replay" });
export type ReplayJson = z.infer<typeof ReplaySchema>;

const INCLUDE = {
  run: { select: { id: true, status: true, createdAt: true } },
  promptVersion: { select: { id: true, version: true, prompt: { select: { name: true } } } },
} as const;
type ReplayRow = Prisma.ReplayGetPayload<{ include: typeof INCLUDE }>;
type ResultRow = Prisma.ReplayResultGetPayload<object>;

export function presentReplay(row: ReplayRow) {
  return {
    id: row.id,
    prompt: { name: row.promptVersion.prompt.name, version: row.promptVersion.version, version_id: row.promptVersion.id },
    run: { id: row.run.id, status: row.run.status, created_at: row.run.createdAt.toISOString() },
    stage: row.stage as ReplayStage,
    provider: row.provider,
    model: row.model,
    requested: row.requested,
    status: row.status as "queued" | "running" | "done" | "failed",
    lead_count: row.leadCount,
    changed: row.changed,
    verdicts_changed: row.verdictsChanged,
    valid: row.valid,
    latency_ms: row.latencyMs,
    cost_usd: Number(row.costMicros) / 1_000_000,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

function presentResult(row: ResultRow, versions: Map<string, { name: string; version: string }>) {
  return {
    position: row.position,
    lead_id: row.leadId,
    lead: row.leadLabel,
    run_version: row.beforeVersionId ? (versions.get(row.beforeVersionId) ?? null) : null,
    before: row.before ?? null,
    before_text: row.beforeText,
    after: row.after ?? null,
    after_text: row.afterText,
    valid: row.valid,
    changed: row.changed,
    verdict_changed: row.verdictChanged,
    error: row.error,
    latency_ms: row.latencyMs,
    cost_usd: Number(row.costMicros) / 1_000_000,
  };
}

export async function createReplay(workspaceId: string, body: CreateReplayBody, actor: Actor) {
  const version = await findVersion(workspaceId, body.prompt, body.version);
  const stage = version.prompt.baseName;
  if (!(REPLAY_STAGES as readonly string[]).includes(stage)) {
    throw new ValidationFailed([
      {
        path: "prompt",
        message: `${version.prompt.name} is a ${stage} prompt; a replay puts a run's leads through ${REPLAY_STAGES.join(", ")} (compare ${stage} versions on their eval set)`,
      },
    ]);
  }
  const run = await db().run.findFirst({ where: { id: body.run_id, workspaceId }, select: { id: true, status: true } });
  if (!run) throw new ValidationFailed([{ path: "run_id", message: "no such run in this workspace" }]);
  if (IN_PROGRESS.includes(run.status))
    throw new Conflict(`Run ${run.id} is ${run.status}; replay a finished run (its answers are still being written).`, "run_in_progress");
  const reached = await db().stageTrace.findFirst({ where: { runId: run.id, workspaceId, stage, error: null }, select: { id: true } });
  if (!reached) throw new ValidationFailed([{ path: "run_id", message: `no lead of run ${run.id} reached ${stage}` }]);
  const { providerSlug, model } = parseModelRef(version.modelDefault);
  if (providerSlug !== "local" && !(await findProvider(workspaceId, providerSlug))) {
    throw new ValidationFailed([
      { path: "version", message: `${version.prompt.name} ${version.version} runs on provider "${providerSlug}", which this workspace does not have` },
    ]);
  }
  const requested = body.leads ?? 20;
  const row = await db().$transaction(async (tx) => {
    const created = await tx.replay.create({
      data: {
        id: newId("rpy"),
        workspaceId,
        runId: run.id,
        promptVersionId: version.id,
        stage,
        provider: providerSlug,
        model,
        requested,
        createdById: actor.type === "system" ? null : actor.id,
      },
      include: INCLUDE,
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "replay.created",
      target: { type: "replay", id: created.id },
      data: { prompt: version.prompt.name, version: version.version, run_id: run.id, leads: requested },
    });
    return created;
  });
  await enqueueAfterCommit("replay", { v: 1, replayId: row.id });
  return presentReplay(row);
}

export async function getReplay(workspaceId: string, id: string) {
  const row = await db().replay.findFirst({ where: { id, workspaceId }, include: INCLUDE });
  if (!row) throw new NotFound("replay");
  const results = await db().replayResult.findMany({ where: { replayId: id }, orderBy: { position: "asc" } });
  const versionIds = [...new Set(results.map((r) => r.beforeVersionId).filter((v): v is string => v !== null))];
  const versions = await db().promptVersion.findMany({
    where: { id: { in: versionIds } },
    select: { id: true, version: true, prompt: { select: { name: true } } },
  });
  const byId = new Map(versions.map((v) => [v.id, { name: v.prompt.name, version: v.version }]));
  return { ...presentReplay(row), results: results.map((r) => presentResult(r, byId)) };
}

export async function listReplays(workspaceId: string, query: z.infer<typeof ReplaysQuery>) {
  const after = decodeCursor("replays", workspaceId, query.cursor);
  const versionFilter = await promptVersionFilter(workspaceId, query);
  if (!versionFilter) return { data: [], has_more: false, next_cursor: null };
  const rows = await db().replay.findMany({
    where: { workspaceId, ...versionFilter, ...(query.run_id ? { runId: query.run_id } : {}), ...(after ? { id: { lt: after } } : {}) },
    include: INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "replays", workspaceId, presentReplay);
}
