import { defineOperation } from "@/lib/api/operation";
import {
  AddEvalCaseBody,
  addEvalCase,
  createEvalSet,
  CreateEvalSetBody,
  EvalCaseRefParams,
  EvalCaseSchema,
  EvalSetRefParams,
  EvalSetListSchema,
  EvalSetSchema,
  getEvalSet,
  listEvalSets,
  removeEvalCase,
} from "@/lib/evals/eval-sets";
import {
  createEvaluation,
  CreateEvaluationBody,
  EvaluationIdParams,
  findVersion,
  EvaluationSchema,
  EvaluationsQuery,
  EvaluationSummarySchema,
  getEvaluation,
  listEvaluations,
} from "@/lib/evals/evaluations";
import { pageOf, PromptNameParams, PromptVersionParams } from "@/lib/api/schemas";
import { compareWithParent, EvalComparisonSchema } from "@/lib/evals/compare";
import { promptOutcomes, PromptOutcomesSchema, versionOutcomes, VersionOutcomesSchema } from "@/lib/evals/outcomes";

export const listEvalSetsOperation = defineOperation({
  id: "listEvalSets",
  method: "GET",
  path: "/eval-sets",
  tag: "Evaluations",
  role: "viewer",
  summary: "List eval sets",
  description:
    "The workspace's own sets and the built-in ones (one per machine stage, named by the shipped versions' evals_ref). `case_count` counts the cases this workspace sees.",
  success: { status: 200, description: "Every visible set", schema: EvalSetListSchema },
  errors: [],
  handler: async ({ auth }) => ({ body: await listEvalSets(auth.workspace.id) }),
});

export const createEvalSetOperation = defineOperation({
  id: "createEvalSet",
  method: "POST",
  path: "/eval-sets",
  tag: "Evaluations",
  role: "admin",
  summary: "Create an eval set",
  description:
    "A set of cases for one stage; a prompt version names it by `ref` in its evals_ref (a workspace's own set comes before a built-in one of the same ref). 409 `eval_set_exists` for a ref the workspace already has.",
  body: CreateEvalSetBody,
  success: { status: 201, description: "The set", schema: EvalSetSchema },
  errors: ["invalid_json", "eval_set_exists", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const set = await createEvalSet(auth.workspace.id, body, auth.actor);
    return { status: 201, body: set, location: `/v1/eval-sets/${set.id}` };
  },
});

export const getEvalSetOperation = defineOperation({
  id: "getEvalSet",
  method: "GET",
  path: "/eval-sets/{ref}",
  tag: "Evaluations",
  role: "viewer",
  summary: "Fetch an eval set with its cases",
  description:
    "`ref` is what a prompt version's `evals_ref` names, URL-encoded (`/v1/eval-sets/evals%2Fdraft_email`): the workspace's own set of that ref, else the built-in one; or an eval set id. 404 when no set visible to the workspace has it.",
  params: EvalSetRefParams,
  success: { status: 200, description: "The set and the cases this workspace sees", schema: EvalSetSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getEvalSet(auth.workspace.id, params.ref) }),
});

export const addEvalCaseOperation = defineOperation({
  id: "addEvalCase",
  method: "POST",
  path: "/eval-sets/{ref}/cases",
  tag: "Evaluations",
  role: "reviewer",
  summary: "Add a case to an eval set",
  description:
    "Also to a built-in set: the case is the workspace's own, seen only by it. The case must state what its stage needs (422 otherwise): qualify the verdict, track the reply and its classification, draft_email the draft checks, extract_signals the signals.",
  params: EvalSetRefParams,
  body: AddEvalCaseBody,
  success: { status: 201, description: "The case", schema: EvalCaseSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ status: 201, body: await addEvalCase(auth.workspace.id, params.ref, body, auth.actor) }),
});

export const removeEvalCaseOperation = defineOperation({
  id: "removeEvalCase",
  method: "DELETE",
  path: "/eval-sets/{ref}/cases/{case_id}",
  tag: "Evaluations",
  role: "reviewer",
  summary: "Remove one of the workspace's cases",
  description: "Built-in cases cannot be removed (403).",
  params: EvalCaseRefParams,
  success: { status: 204, description: "Removed" },
  errors: ["not_found"],
  handler: async ({ params, auth }) => {
    await removeEvalCase(auth.workspace.id, params.ref, params.case_id, auth.actor);
    return { status: 204 };
  },
});

export const listEvaluationsOperation = defineOperation({
  id: "listEvaluations",
  method: "GET",
  path: "/evaluations",
  tag: "Evaluations",
  role: "viewer",
  summary: "List evaluations, newest first",
  query: EvaluationsQuery,
  success: { status: 200, description: "A page of evaluations (without per-case results)", schema: pageOf(EvaluationSummarySchema, "EvaluationPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listEvaluations(auth.workspace.id, query) }),
});

export const createEvaluationOperation = defineOperation({
  id: "createEvaluation",
  method: "POST",
  path: "/evaluations",
  tag: "Evaluations",
  role: "reviewer",
  summary: "Evaluate a prompt version on an eval set",
  description:
    "Queues a worker job that runs every case of the set (the version's evals_ref unless `set` names another) through the version on `provider`: `local` (the built-in engine, offline) or a provider the workspace configured. " +
    "Poll GET /v1/evaluations/{id}: per-case results, pass rate, output validity (the stage's JSON output contract), latency and cost.",
  body: CreateEvaluationBody,
  success: { status: 202, description: "The queued evaluation", schema: EvaluationSummarySchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const evaluation = await createEvaluation(auth.workspace.id, body, auth.actor);
    return { status: 202, body: evaluation, location: `/v1/evaluations/${evaluation.id}` };
  },
});

export const getEvaluationOperation = defineOperation({
  id: "getEvaluation",
  method: "GET",
  path: "/evaluations/{id}",
  tag: "Evaluations",
  role: "viewer",
  summary: "Fetch an evaluation with its per-case results",
  params: EvaluationIdParams,
  success: { status: 200, description: "The evaluation", schema: EvaluationSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getEvaluation(auth.workspace.id, params.id) }),
});

export const getVersionEvaluationOperation = defineOperation({
  id: "getVersionEvaluation",
  method: "GET",
  path: "/prompts/{name}/versions/{semver}/evaluation",
  tag: "Evaluations",
  role: "viewer",
  summary: "A version against its parent on its eval set",
  description:
    "The newest finished evaluation of the version and of its parent (same set and provider), whether the version regressed (a lower pass rate: approving a set with it needs an override reason), and the cases whose outcome changed with both outputs.",
  params: PromptVersionParams,
  success: { status: 200, description: "The comparison", schema: EvalComparisonSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({
    body: await compareWithParent(auth.workspace.id, (await findVersion(auth.workspace.id, params.name, params.semver)).id),
  }),
});

export const getVersionOutcomesOperation = defineOperation({
  id: "getVersionOutcomes",
  method: "GET",
  path: "/prompts/{name}/versions/{semver}/outcomes",
  tag: "Evaluations",
  role: "viewer",
  summary: "How a version did with this workspace's leads",
  description:
    "Drafts it wrote (approval rate, approved edits and their mean edit distance, the most frequent rejection reasons), reply and positive-reply rates of the sent ones, and its cost per lead in the runs that resolved it.",
  params: PromptVersionParams,
  success: { status: 200, description: "The outcomes", schema: VersionOutcomesSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({
    body: await versionOutcomes(auth.workspace.id, (await findVersion(auth.workspace.id, params.name, params.semver)).id),
  }),
});

export const getPromptOutcomesOperation = defineOperation({
  id: "getPromptOutcomes",
  method: "GET",
  path: "/prompts/{name}/outcomes",
  tag: "Evaluations",
  role: "viewer",
  summary: "How every version of a prompt did with this workspace's leads",
  description: "The outcomes of GET /v1/prompts/{name}/versions/{semver}/outcomes for each version, newest first, to compare them side by side.",
  params: PromptNameParams,
  success: { status: 200, description: "One row per version", schema: PromptOutcomesSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await promptOutcomes(auth.workspace.id, params.name) }),
});
