import pLimit from "p-limit";
import { z } from "zod";
import { JOB_ROW_STATUSES, JOB_ROW_STATUS } from "@/lib/statuses";
import { db } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { NotFound, ValidationFailed } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { newId } from "@/lib/ids";
import { decodeCursor, ListQuery, toPage } from "@/lib/http/pagination";
import { SetContext, type EvalStage } from "@/lib/evals/case-schema";
import { findVisibleSet, setForRef, visibleCases } from "@/lib/evals/eval-sets";
import { runCase, type EvalCase } from "@/lib/evals/run-case";
import { CaseExpect, CaseInput } from "@/lib/evals/case-schema";
import { findVisiblePrompt } from "@/lib/prompts/find-prompt";
import { findProvider, parseModelRef } from "@/lib/providers/model-ref";
import { enqueueAfterCommit } from "@/lib/queues";

// Evaluation runs (docs/evals.md): a prompt version (a fork or a shipped one) on an eval set with a
// provider, done as one `evaluate` worker job. Each case's answer is checked against the stage's
// output contract (validity) and the case's expectations (pass); the summary keeps the pass rate,
// validity, wall time and cost. Hosted providers are asked HOSTED_CONCURRENCY cases at a time (the
// provider's own limits, shared by every worker, still apply).

export const HOSTED_CONCURRENCY = 20;

export const CreateEvaluationBody = z
  .strictObject({
    prompt: z.string().max(130).meta({ description: "A prompt name; a fork is `<name>@<workspace>`", example: "qualify" }),
    version: z.string().max(100).meta({ example: "v1.2.0" }),
    set: z.string().max(300).optional().meta({ description: "An eval set id or ref; the version's evals_ref when left out" }),
    provider: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
      .optional()
      .meta({ description: "`local` (the built-in engine, offline) or one of the workspace's providers; the version's model_default provider when left out" }),
    model: z.string().min(1).max(200).optional().meta({ description: "The model to ask; the version's model when left out" }),
  })
  .meta({ id: "CreateEvaluation" });
export type CreateEvaluationBody = z.infer<typeof CreateEvaluationBody>;

export const EvaluationIdParams = z.object({
  id: z
    .string()
    .regex(/^evl_[0-9a-z]{26}$/)
    .meta({ example: "evl_01jd0000000000000000000000" }),
});
export const EvaluationsQuery = ListQuery.extend({
  prompt: z.string().max(130).optional().meta({ description: "Only this prompt's versions (a prompt the workspace cannot see: none)" }),
  version: z.string().max(100).optional().meta({ description: "With prompt: only this version" }),
});

export const EvaluationResultSchema = z
  .object({
    case_id: z.string(),
    case_name: z.string(),
    passed: z.boolean(),
    valid: z.boolean(),
    output: z.unknown(),
    output_text: z.string(),
    failures: z.array(z.string()),
    latency_ms: z.number().int(),
    cost_usd: z.number(),
  })
  .meta({ id: "EvaluationResult" });
const evaluationFields = {
  id: z.string(),
  prompt: z.object({ name: z.string(), version: z.string(), version_id: z.string() }),
  set: z.object({ id: z.string(), ref: z.string(), name: z.string(), stage: z.string() }),
  provider: z.string(),
  model: z.string(),
  status: z.enum(JOB_ROW_STATUSES),
  case_count: z.number().int(),
  passed: z.number().int(),
  valid: z.number().int(),
  pass_rate: z.number().nullable().meta({ description: "passed / case_count, null until done" }),
  validity: z.number().nullable().meta({ description: "Share of answers that met the stage's JSON output contract, null until done" }),
  latency_ms: z.number().int().meta({ description: "Wall time of the whole evaluation" }),
  mean_case_latency_ms: z.number().nullable(),
  cost_usd: z.number(),
  error: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
};
export const EvaluationSummarySchema = z.object(evaluationFields).meta({ id: "EvaluationSummary" });
export const EvaluationSchema = z.object({ ...evaluationFields, results: z.array(EvaluationResultSchema) }).meta({ id: "Evaluation" });

const INCLUDE = {
  set: { select: { id: true, ref: true, name: true, stage: true } },
  promptVersion: { select: { id: true, version: true, prompt: { select: { name: true } } } },
} as const;
type EvaluationRow = Prisma.EvaluationGetPayload<{ include: typeof INCLUDE }>;
type ResultRow = {
  caseId: string;
  caseName: string;
  passed: boolean;
  valid: boolean;
  output: unknown;
  outputText: string;
  failures: unknown;
  latencyMs: number;
  costMicros: bigint;
};

export function presentResult(row: ResultRow) {
  return {
    case_id: row.caseId,
    case_name: row.caseName,
    passed: row.passed,
    valid: row.valid,
    output: row.output ?? null,
    output_text: row.outputText,
    failures: row.failures as string[],
    latency_ms: row.latencyMs,
    cost_usd: Number(row.costMicros) / 1_000_000,
  };
}

export function presentEvaluation(row: EvaluationRow, results?: ResultRow[]) {
  const done = row.status === JOB_ROW_STATUS.done && row.caseCount > 0;
  const summary = {
    id: row.id,
    prompt: { name: row.promptVersion.prompt.name, version: row.promptVersion.version, version_id: row.promptVersion.id },
    set: row.set,
    provider: row.provider,
    model: row.model,
    status: row.status as "queued" | "running" | "done" | "failed",
    case_count: row.caseCount,
    passed: row.passed,
    valid: row.valid,
    pass_rate: done ? row.passed / row.caseCount : null,
    validity: done ? row.valid / row.caseCount : null,
    latency_ms: row.latencyMs,
    mean_case_latency_ms: results && results.length ? Math.round(results.reduce((s, r) => s + r.latencyMs, 0) / results.length) : null,
    cost_usd: Number(row.costMicros) / 1_000_000,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
  return results ? { ...summary, results: results.map(presentResult) } : summary;
}

/** The version a request names, visible to the workspace (404 otherwise). */
export async function findVersion(workspaceId: string, name: string, version: string) {
  const prompt = await findVisiblePrompt(workspaceId, name);
  const row = await db().promptVersion.findUnique({
    where: { promptId_version: { promptId: prompt.id, version } },
    include: { prompt: { select: { name: true, baseName: true } } },
  });
  if (!row) throw new NotFound("prompt version");
  return row;
}

/**
 * The `prompt` and `version` filters of a list of things done to prompt versions (evaluations,
 * replays) as a where clause; null when the prompt is not one the workspace can see (an empty page).
 */
export async function promptVersionFilter(workspaceId: string, query: { prompt?: string; version?: string }) {
  if (!query.prompt) return {};
  const prompt = await findVisiblePrompt(workspaceId, query.prompt).catch(() => null);
  return prompt ? { promptVersion: { promptId: prompt.id, ...(query.version ? { version: query.version } : {}) } } : null;
}

export async function createEvaluation(workspaceId: string, body: CreateEvaluationBody, actor: Actor) {
  const version = await findVersion(workspaceId, body.prompt, body.version);
  const set = body.set
    ? await findVisibleSet(workspaceId, body.set).catch((error) => {
        if (error instanceof NotFound) return null;
        throw error;
      })
    : await setForRef(workspaceId, version.evalsRef);
  if (!set)
    throw new ValidationFailed([{ path: body.set ? "set" : "prompt", message: `no eval set named ${body.set ?? version.evalsRef} (the version's evals_ref)` }]);
  if (set.stage !== version.prompt.baseName)
    throw new ValidationFailed([
      { path: "set", message: `${set.ref} holds ${set.stage} cases; ${version.prompt.name} is a ${version.prompt.baseName} prompt` },
    ]);
  const named = parseModelRef(version.modelDefault);
  const providerSlug = body.provider ?? named.providerSlug;
  const model = body.model ?? (providerSlug === "local" ? (named.providerSlug === "local" ? named.model : "leadpipe-2") : named.model);
  if (providerSlug !== "local" && !(await findProvider(workspaceId, providerSlug))) {
    throw new ValidationFailed([{ path: "provider", message: `this workspace has no provider "${providerSlug}" (use "local" for the built-in engine)` }]);
  }
  const caseCount = await db().evalCase.count({ where: { setId: set.id, ...visibleCases(workspaceId, set) } });
  if (caseCount === 0) throw new ValidationFailed([{ path: "set", message: `${set.ref} has no cases yet` }]);
  const row = await db().$transaction(async (tx) => {
    const created = await tx.evaluation.create({
      data: {
        id: newId("evl"),
        workspaceId,
        setId: set.id,
        promptVersionId: version.id,
        provider: providerSlug,
        model,
        caseCount,
        createdById: actor.type === "system" ? null : actor.id,
      },
      include: INCLUDE,
    });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "evaluation.created",
      target: { type: "evaluation", id: created.id },
      data: { prompt: version.prompt.name, version: version.version, set: set.ref, provider: providerSlug, model },
    });
    return created;
  });
  await enqueueAfterCommit("evaluate", { v: 1, evaluationId: row.id });
  return presentEvaluation(row);
}

export async function getEvaluation(workspaceId: string, id: string) {
  const row = await db().evaluation.findFirst({ where: { id, workspaceId }, include: INCLUDE });
  if (!row) throw new NotFound("evaluation");
  const results = await db().evaluationResult.findMany({ where: { evaluationId: id }, orderBy: { caseId: "asc" } });
  return presentEvaluation(row, results);
}

export async function listEvaluations(workspaceId: string, query: z.infer<typeof EvaluationsQuery>) {
  const after = decodeCursor("evaluations", workspaceId, query.cursor);
  const versionFilter = await promptVersionFilter(workspaceId, query);
  if (!versionFilter) return { data: [], has_more: false, next_cursor: null };
  const rows = await db().evaluation.findMany({
    where: { workspaceId, ...versionFilter, ...(after ? { id: { lt: after } } : {}) },
    include: INCLUDE,
    orderBy: { id: "desc" },
    take: query.limit + 1,
  });
  return toPage(rows, query.limit, "evaluations", workspaceId, (row) => presentEvaluation(row));
}

/** The worker's part: every case through the version, results and summary written at the end. */
export async function runEvaluation(evaluationId: string): Promise<{ passed: number; valid: number; cases: number } | null> {
  const evaluation = await db().evaluation.findUnique({
    where: { id: evaluationId },
    include: { set: true, promptVersion: { include: { prompt: { select: { name: true } } } } },
  });
  if (!evaluation || evaluation.status === JOB_ROW_STATUS.done) return null;
  await db().evaluation.update({ where: { id: evaluationId }, data: { status: JOB_ROW_STATUS.running, startedAt: new Date(), error: null } });
  try {
    const started = performance.now();
    const rows = await db().evalCase.findMany({
      where: { setId: evaluation.setId, ...visibleCases(evaluation.workspaceId, evaluation.set) },
      orderBy: { id: "asc" },
    });
    const cases: EvalCase[] = rows.map((row) => ({ id: row.id, name: row.name, input: CaseInput.parse(row.input), expect: CaseExpect.parse(row.expect) }));
    const provider = evaluation.provider === "local" ? null : await findProvider(evaluation.workspaceId, evaluation.provider);
    if (evaluation.provider !== "local" && !provider) throw new Error(`The workspace no longer has the provider "${evaluation.provider}".`);
    const target = {
      stage: evaluation.set.stage as EvalStage,
      prompt: evaluation.promptVersion,
      context: SetContext.parse(evaluation.set.context ?? {}),
      provider,
      model: evaluation.model,
    };
    const limit = pLimit(provider ? HOSTED_CONCURRENCY : 1);
    const results = await Promise.all(cases.map((evalCase) => limit(async () => ({ evalCase, result: await runCase(target, evalCase) }))));
    const latencyMs = Math.round(performance.now() - started);
    const passed = results.filter(({ result }) => result.passed).length;
    const valid = results.filter(({ result }) => result.valid).length;
    const cost = results.reduce((sum, { result }) => sum + result.costMicros, 0);
    await db().$transaction([
      db().evaluationResult.deleteMany({ where: { evaluationId } }),
      db().evaluationResult.createMany({
        data: results.map(({ evalCase, result }) => ({
          id: newId("evr"),
          evaluationId,
          caseId: evalCase.id,
          caseName: evalCase.name,
          passed: result.passed,
          valid: result.valid,
          output: (result.output ?? undefined) as Prisma.InputJsonValue | undefined,
          outputText: result.outputText.slice(0, 20_000),
          failures: result.failures,
          latencyMs: result.latencyMs,
          costMicros: BigInt(Math.round(result.costMicros)),
        })),
      }),
      db().evaluation.update({
        where: { id: evaluationId },
        data: { status: JOB_ROW_STATUS.done, caseCount: cases.length, passed, valid, latencyMs, costMicros: BigInt(Math.round(cost)), finishedAt: new Date() },
      }),
    ]);
    return { passed, valid, cases: cases.length };
  } catch (error) {
    await db().evaluation.update({
      where: { id: evaluationId },
      data: { status: JOB_ROW_STATUS.failed, error: (error as Error).message.slice(0, 1000), finishedAt: new Date() },
    });
    throw error;
  }
}
