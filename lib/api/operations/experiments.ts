import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import {
  concludeExperiment,
  ConcludeExperimentBody,
  createExperiment,
  CreateExperimentBody,
  ExperimentSchema,
  ExperimentsQuery,
  getExperiment,
  listExperiments,
} from "@/lib/experiments/experiments";

const ExperimentParams = z.object({ id: z.string().regex(/^exp_[0-9a-z]{26}$/) });
const tag = "Experiments";
const resultsNote =
  "`results` has one entry per variant: leads, drafted, approved, edited, `mean_edit_distance` (characters reviewers changed in the approved edits, the prompt outcomes table's measure; null when nothing was edited, and on steps after the first, whose text as written is not kept), rejected, sent, replies (out_of_office, auto_reply and bounces are not replies), positive_replies (interested, meeting_request), the metric's `rate` over sends, its Wilson `interval_95` and `probability_best` (Beta(1+s, 1+n−s) posteriors: exact for 2 variants, a seeded simulation for 3–4). `summary` says whether every variant has `min_per_variant` sends and how many more would tell a 2-point difference.";

export const listExperimentsOperation = defineOperation({
  id: "listExperiments",
  method: "GET",
  path: "/experiments",
  tag,
  role: "viewer",
  summary: "List experiments",
  description: `Newest first; \`campaign_id\` narrows to one campaign. Each with its results. ${resultsNote}`,
  query: ExperimentsQuery,
  success: { status: 200, description: "A page of experiments", schema: pageOf(ExperimentSchema, "ExperimentPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listExperiments(auth.workspace.id, query) }),
});

export const createExperimentOperation = defineOperation({
  id: "createExperiment",
  method: "POST",
  path: "/experiments",
  tag,
  role: "reviewer",
  summary: "Start an experiment on a campaign step",
  description:
    "Splits the leads that reach `step` of the campaign between 2–4 versions of the step's prompt (draft_email at step 1, follow_up later), by a stable hash of the lead id in proportion to `weight`. " +
    "Each variant goes through the approval gate: a fork no live approval (a campaign's or a pack's) holds at that stage is refused with 409 `fork_not_approved`. One running experiment per campaign step (409 `conflict`).",
  body: CreateExperimentBody,
  success: { status: 201, description: "The experiment, with (empty) results", schema: ExperimentSchema },
  errors: ["invalid_json", "conflict", "fork_not_approved", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const experiment = await createExperiment(auth.workspace.id, body, { userId: auth.user.id, actor: auth.actor });
    return { status: 201, body: experiment, location: `/v1/experiments/${experiment.id}` };
  },
});

export const getExperimentOperation = defineOperation({
  id: "getExperiment",
  method: "GET",
  path: "/experiments/{id}",
  tag,
  role: "viewer",
  summary: "Fetch an experiment with its results",
  description: resultsNote,
  params: ExperimentParams,
  success: { status: 200, description: "The experiment", schema: ExperimentSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getExperiment(auth.workspace.id, params.id) }),
});

export const concludeExperimentOperation = defineOperation({
  id: "concludeExperiment",
  method: "POST",
  path: "/experiments/{id}/conclude",
  tag,
  role: "reviewer",
  summary: "Conclude an experiment: pin the winner on the step",
  description:
    "`winner` is one of the variants' pins. The winner is pinned on the campaign step (step 1: the campaign's draft_email pin; later steps: the step's version) for new leads, and the experiment stops assigning. " +
    "While a variant has fewer than `min_per_variant` sends, 409 `experiment_underpowered` unless `override_reason` says why. Audited (`experiment.concluded`); 409 `conflict` if already concluded. " +
    "Making the winner the workspace default is `POST /prompts/{name}/promote`.",
  params: ExperimentParams,
  body: ConcludeExperimentBody,
  success: { status: 200, description: "The concluded experiment", schema: ExperimentSchema },
  errors: ["invalid_json", "not_found", "conflict", "experiment_underpowered", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({
    body: await concludeExperiment(auth.workspace.id, params.id, body, { userId: auth.user.id, actor: auth.actor }),
  }),
});
