import { z } from "zod";
import { db } from "@/lib/db";
import { Conflict, NotFound } from "@/lib/errors";
import { setForRef } from "@/lib/evals/eval-sets";
import { EvaluationSummarySchema, presentEvaluation } from "@/lib/evals/evaluations";
import type { PromptSet } from "@/lib/governance/prompt-set";
import { JOB_ROW_STATUS } from "@/lib/statuses";

// Parent against fork on the fork's eval set: the newest finished evaluation of each (the parent's
// with the same provider as the fork's), the cases whose outcome changed with both outputs, and
// whether the fork regressed (a lower pass rate than its parent). The approval gate reads
// `regressions`: approving a set with a regressed fork needs a written override reason.

const INCLUDE = {
  set: { select: { id: true, ref: true, name: true, stage: true } },
  promptVersion: { select: { id: true, version: true, prompt: { select: { name: true } } } },
} as const;

const Side = z.object({ passed: z.boolean(), valid: z.boolean(), output_text: z.string(), failures: z.array(z.string()) });
export const EvalComparisonSchema = z
  .object({
    version: z.object({ id: z.string(), name: z.string(), version: z.string() }),
    parent: z.object({ id: z.string(), name: z.string(), version: z.string() }).nullable(),
    set: z.object({ id: z.string(), ref: z.string(), name: z.string() }).nullable(),
    fork_evaluation: EvaluationSummarySchema.nullable(),
    parent_evaluation: EvaluationSummarySchema.nullable(),
    regression: z.boolean().meta({ description: "The fork's pass rate is below its parent's on the same set and provider" }),
    changed: z.array(z.object({ case_id: z.string(), case_name: z.string(), parent: Side, fork: Side })),
  })
  .meta({ id: "EvalComparison" });
export type EvalComparison = z.infer<typeof EvalComparisonSchema>;

function latestDone(workspaceId: string, versionId: string, setId: string, provider?: string) {
  return db().evaluation.findFirst({
    where: { workspaceId, promptVersionId: versionId, setId, status: JOB_ROW_STATUS.done, ...(provider ? { provider } : {}) },
    orderBy: { id: "desc" },
    include: INCLUDE,
  });
}

/** A version, its set, and the newest finished evaluation of it and of its parent (same set and provider). */
async function latestPair(workspaceId: string, versionId: string) {
  const version = await db().promptVersion.findUnique({
    where: { id: versionId },
    include: {
      prompt: { select: { name: true, workspaceId: true, workspace: { select: { slug: true } } } },
      parent: { include: { prompt: { select: { name: true } } } },
    },
  });
  if (!version) throw new NotFound("prompt version");
  const set = await setForRef(workspaceId, version.evalsRef);
  const fork = set ? await latestDone(workspaceId, version.id, set.id) : null;
  const parent = set && version.parentId ? await latestDone(workspaceId, version.parentId, set.id, fork?.provider) : null;
  const rate = (row: { passed: number; caseCount: number }) => (row.caseCount ? row.passed / row.caseCount : 0);
  return { version, set, fork, parent, regression: Boolean(fork && parent && rate(fork) < rate(parent)) };
}

export async function compareWithParent(workspaceId: string, versionId: string): Promise<EvalComparison> {
  const { version, set, fork, parent, regression } = await latestPair(workspaceId, versionId);
  const base = {
    version: { id: version.id, name: version.prompt.name, version: version.version },
    parent: version.parent ? { id: version.parent.id, name: version.parent.prompt.name, version: version.parent.version } : null,
    set: set ? { id: set.id, ref: set.ref, name: set.name } : null,
  };
  let changed: EvalComparison["changed"] = [];
  if (fork && parent) {
    const [forkResults, parentResults] = await Promise.all([
      db().evaluationResult.findMany({ where: { evaluationId: fork.id } }),
      db().evaluationResult.findMany({ where: { evaluationId: parent.id } }),
    ]);
    const byCase = new Map(parentResults.map((row) => [row.caseId, row]));
    const side = (row: (typeof forkResults)[number]) => ({
      passed: row.passed,
      valid: row.valid,
      output_text: row.outputText,
      failures: row.failures as string[],
    });
    changed = forkResults
      .filter((row) => byCase.has(row.caseId) && (byCase.get(row.caseId)!.passed !== row.passed || byCase.get(row.caseId)!.valid !== row.valid))
      .sort((a, b) => a.caseId.localeCompare(b.caseId))
      .map((row) => ({ case_id: row.caseId, case_name: row.caseName, parent: side(byCase.get(row.caseId)!), fork: side(row) }));
  }
  return {
    ...base,
    fork_evaluation: fork ? presentEvaluation(fork) : null,
    parent_evaluation: parent ? presentEvaluation(parent) : null,
    regression,
    changed,
  };
}

export type Regression = {
  stage: string;
  name: string;
  version: string;
  pass_rate: number;
  parent_pass_rate: number;
  evaluation_id: string;
  parent_evaluation_id: string;
};

/** The forks of a prompt set whose newest evaluation passes fewer cases than their parent's. */
async function setRegressions(workspaceId: string, set: PromptSet): Promise<Regression[]> {
  // Only the two summaries per fork: the per-case results the comparison page shows are not needed here.
  const pairs = await Promise.all(set.forks.map(async (fork) => ({ fork, pair: await latestPair(workspaceId, fork.versionId) })));
  return pairs
    .filter(({ pair }) => pair.regression)
    .map(({ fork, pair }) => ({
      stage: fork.stage,
      name: fork.name,
      version: fork.version,
      pass_rate: presentEvaluation(pair.fork!).pass_rate!,
      parent_pass_rate: presentEvaluation(pair.parent!).pass_rate!,
      evaluation_id: pair.fork!.id,
      parent_evaluation_id: pair.parent!.id,
    }));
}

export const ApproveBody = z
  .strictObject({
    override_reason: z
      .string()
      .trim()
      .min(1)
      .max(2000)
      .optional()
      .meta({ description: "Required when a fork's pass rate is below its parent's (409 eval_regression otherwise); audited" }),
  })
  .meta({ id: "ApproveWithOverride" });
export type ApproveBody = z.infer<typeof ApproveBody>;

/** 409 `eval_regression` when a fork regressed and no override reason was written. Answers the regressions. */
export async function assertNoRegression(workspaceId: string, set: PromptSet, overrideReason: string | undefined): Promise<Regression[]> {
  const regressions = await setRegressions(workspaceId, set);
  if (regressions.length && !overrideReason) {
    const names = regressions
      .map((r) => `${r.name} ${r.version} passes ${Math.round(r.pass_rate * 100)} % of its eval set, its parent ${Math.round(r.parent_pass_rate * 100)} %`)
      .join("; ");
    throw new Conflict(
      `A fork in this prompt set regressed on its evaluation: ${names}. Approving it needs a written override reason (override_reason).`,
      "eval_regression",
      { regressions },
    );
  }
  return regressions;
}
