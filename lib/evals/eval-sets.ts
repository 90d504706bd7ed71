import { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { recordAudit, type Actor } from "@/lib/audit/record-audit";
import { Conflict, Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import type { Prisma } from "@/lib/generated/prisma/client.ts";
import { newId } from "@/lib/ids";
import { CaseExpect, CaseInput, caseProblems, EvalStage, SetContext } from "@/lib/evals/case-schema";
import { SYSTEM_WORKSPACE_SLUG } from "@/lib/slug";

// Evaluation sets and their cases (docs/evals.md). A workspace sees its own sets and the built-in
// ones (system workspace). Cases it adds — also to a built-in set, e.g. a reviewer's edit from the
// draft page — belong to it: another workspace never sees them, and only their owner removes them.

export const EVAL_REF = /^[a-z0-9][a-z0-9_./-]{0,199}$/;
const EVAL_SET_ID = /^evs_[0-9a-z]{26}$/;
/** A set by its id or by what a prompt version's evals_ref names (contract §11: `GET /eval-sets/{ref}`, URL-encoded). */
export const EvalSetRefParams = z.object({
  ref: z.string().min(1).max(500).meta({
    description:
      "A prompt version's `evals_ref`, URL-encoded (`evals%2Fdraft_email`): the workspace's own set of that ref, else the built-in one. An eval set id (`evs_...`) works too.",
    example: "evals/draft_email",
  }),
});
export const EvalCaseRefParams = EvalSetRefParams.extend({ case_id: z.string().regex(/^evc_[0-9a-z]{26}$/) });

export const CreateEvalSetBody = z
  .strictObject({
    ref: z
      .string()
      .regex(EVAL_REF, "lower-case letters, digits, _ . / -")
      .meta({ description: "What a prompt version's evals_ref names", example: "evals/qualify-acme" }),
    stage: EvalStage,
    name: z.string().trim().min(1).max(200),
    description: z.string().max(2000).optional(),
    context: SetContext.optional(),
  })
  .meta({ id: "CreateEvalSet" });

export const AddEvalCaseBody = z.strictObject({ name: z.string().trim().min(1).max(200), input: CaseInput, expect: CaseExpect }).meta({ id: "AddEvalCase" });

export const EvalCaseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    input: z.unknown(),
    expect: z.unknown(),
    source: z.string(),
    draft_id: z.string().nullable(),
    own: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: "EvalCase" });
const setFields = {
  id: z.string(),
  ref: z.string(),
  stage: EvalStage,
  name: z.string(),
  description: z.string(),
  context: z.unknown(),
  built_in: z.boolean(),
  case_count: z.number().int(),
  created_at: z.string(),
};
export const EvalSetSummarySchema = z.object(setFields).meta({ id: "EvalSetSummary" });
export const EvalSetSchema = z.object({ ...setFields, cases: z.array(EvalCaseSchema) }).meta({ id: "EvalSet" });
export const EvalSetListSchema = z.object({ data: z.array(EvalSetSummarySchema) }).meta({ id: "EvalSetList" });

type SetRow = {
  id: string;
  workspaceId: string;
  ref: string;
  stage: string;
  name: string;
  description: string;
  context: unknown;
  createdAt: Date;
  workspace: { slug: string };
};
type CaseRow = { id: string; name: string; input: unknown; expect: unknown; source: string; draftId: string | null; workspaceId: string; createdAt: Date };

/** Whose cases a workspace sees in a set: the set's owner's (built-in ones for a system set) and its own. */
export function visibleCases(workspaceId: string, set: { workspaceId: string }): Prisma.EvalCaseWhereInput {
  return { workspaceId: { in: [...new Set([set.workspaceId, workspaceId])] } };
}

function presentSet(set: SetRow, caseCount: number) {
  return {
    id: set.id,
    ref: set.ref,
    stage: set.stage as EvalStage,
    name: set.name,
    description: set.description,
    context: set.context,
    built_in: set.workspace.slug === SYSTEM_WORKSPACE_SLUG,
    case_count: caseCount,
    created_at: set.createdAt.toISOString(),
  };
}

export function presentCase(row: CaseRow, workspaceId: string) {
  return {
    id: row.id,
    name: row.name,
    input: row.input,
    expect: row.expect,
    source: row.source,
    draft_id: row.draftId,
    own: row.workspaceId === workspaceId,
    created_at: row.createdAt.toISOString(),
  };
}

const visibleSets = (workspaceId: string): Prisma.EvalSetWhereInput => ({ OR: [{ workspaceId }, { workspace: { slug: SYSTEM_WORKSPACE_SLUG } }] });

/** The set an id or an evals_ref names for this workspace: an id first, else the ref as setForRef resolves it. */
export async function findVisibleSet(workspaceId: string, idOrRef: string): Promise<SetRow> {
  const byId = EVAL_SET_ID.test(idOrRef)
    ? await db().evalSet.findFirst({ where: { id: idOrRef, ...visibleSets(workspaceId) }, include: { workspace: { select: { slug: true } } } })
    : null;
  const set = byId ?? (await setForRef(workspaceId, idOrRef));
  if (!set) throw new NotFound("eval set");
  return set;
}

/** The set a prompt version's evals_ref names: the workspace's own first, then the built-in one. */
export async function setForRef(workspaceId: string, ref: string): Promise<SetRow | null> {
  const sets = await db().evalSet.findMany({ where: { ref, ...visibleSets(workspaceId) }, include: { workspace: { select: { slug: true } } } });
  return sets.find((set) => set.workspaceId === workspaceId) ?? sets[0] ?? null;
}

export async function listEvalSets(workspaceId: string) {
  const sets = await db().evalSet.findMany({
    where: visibleSets(workspaceId),
    include: { workspace: { select: { slug: true } } },
    orderBy: [{ stage: "asc" }, { ref: "asc" }],
  });
  // A count per set of the cases this workspace sees: the set owner's, plus its own.
  const own = await db().evalCase.groupBy({ by: ["setId", "workspaceId"], where: { setId: { in: sets.map((s) => s.id) } }, _count: { _all: true } });
  return {
    data: sets.map((set) =>
      presentSet(
        set,
        own
          .filter((row) => row.setId === set.id && (row.workspaceId === set.workspaceId || row.workspaceId === workspaceId))
          .reduce((sum, row) => sum + row._count._all, 0),
      ),
    ),
  };
}

export async function getEvalSet(workspaceId: string, idOrRef: string) {
  const set = await findVisibleSet(workspaceId, idOrRef);
  const cases = await db().evalCase.findMany({ where: { setId: set.id, ...visibleCases(workspaceId, set) }, orderBy: { id: "asc" } });
  return { ...presentSet(set, cases.length), cases: cases.map((row) => presentCase(row, workspaceId)) };
}

export async function createEvalSet(workspaceId: string, body: z.infer<typeof CreateEvalSetBody>, actor: Actor) {
  const created = await db()
    .$transaction(async (tx) => {
      const exists = await tx.evalSet.findUnique({ where: { workspaceId_ref: { workspaceId, ref: body.ref } }, select: { id: true } });
      if (exists) throw new Conflict(`This workspace already has an eval set ${body.ref}.`, "eval_set_exists");
      const set = await tx.evalSet.create({
        data: {
          id: newId("evs"),
          workspaceId,
          ref: body.ref,
          stage: body.stage,
          name: body.name,
          description: body.description ?? "",
          context: (body.context ?? {}) as Prisma.InputJsonObject,
        },
      });
      await recordAudit(tx, {
        workspaceId,
        actor,
        action: "eval_set.created",
        target: { type: "eval_set", id: set.id },
        data: { ref: body.ref, stage: body.stage, name: body.name },
      });
      return set;
    })
    .catch((error) => {
      if ((error as { code?: string }).code === "P2002") throw new Conflict(`This workspace already has an eval set ${body.ref}.`, "eval_set_exists");
      throw error;
    });
  return getEvalSet(workspaceId, created.id);
}

type NewCase = z.infer<typeof AddEvalCaseBody> & { source?: string; draftId?: string | null };

export async function addEvalCase(workspaceId: string, idOrRef: string, body: NewCase, actor: Actor, tx?: Tx) {
  const set = await findVisibleSet(workspaceId, idOrRef);
  const setId = set.id;
  const problems = caseProblems(set.stage as EvalStage, body.input, body.expect);
  if (problems.length) throw new ValidationFailed(problems);
  const write = async (client: Tx) => {
    const row = await client.evalCase.create({
      data: {
        id: newId("evc"),
        setId,
        workspaceId,
        name: body.name,
        input: body.input as Prisma.InputJsonObject,
        expect: body.expect as Prisma.InputJsonObject,
        source: body.source ?? "manual",
        draftId: body.draftId ?? null,
      },
    });
    await recordAudit(client, {
      workspaceId,
      actor,
      action: "eval_case.added",
      target: { type: "eval_set", id: setId },
      data: { case_id: row.id, name: body.name, ref: set.ref, source: row.source, draft_id: row.draftId },
    });
    return row;
  };
  const row = tx ? await write(tx) : await db().$transaction(write);
  return presentCase(row, workspaceId);
}

export async function removeEvalCase(workspaceId: string, idOrRef: string, caseId: string, actor: Actor): Promise<void> {
  const set = await findVisibleSet(workspaceId, idOrRef);
  const setId = set.id;
  const row = await db().evalCase.findFirst({ where: { id: caseId, setId, ...visibleCases(workspaceId, set) } });
  if (!row) throw new NotFound("eval case");
  if (row.workspaceId !== workspaceId) throw new Forbidden("Built-in cases cannot be removed; add your own cases, or create your own set.");
  await db().$transaction(async (tx) => {
    await tx.evalCase.delete({ where: { id: caseId } });
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: "eval_case.removed",
      target: { type: "eval_set", id: setId },
      data: { case_id: caseId, name: row.name, ref: set.ref },
    });
  });
}
