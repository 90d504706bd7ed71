import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { createReplay, CreateReplayBody, getReplay, listReplays, ReplayIdParams, ReplaySchema, ReplaysQuery, ReplaySummarySchema } from "@/lib/replays/replays";

export const listReplaysOperation = defineOperation({
  id: "listReplays",
  method: "GET",
  path: "/replays",
  tag: "Evaluations",
  role: "viewer",
  summary: "List behaviour diffs, newest first",
  query: ReplaysQuery,
  success: { status: 200, description: "A page of replays (without per-lead results)", schema: pageOf(ReplaySummarySchema, "ReplayPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listReplays(auth.workspace.id, query) }),
});

export const createReplayOperation = defineOperation({
  id: "createReplay",
  method: "POST",
  path: "/replays",
  tag: "Evaluations",
  role: "reviewer",
  summary: "Replay a finished run's leads through a prompt version (behaviour diff)",
  description:
    "Queues a worker job that puts the run's most recent leads that reached the version's stage (extract_signals, qualify or draft_email) through the version, as the run would (its model, the pack's ICP, the offer and sender), " +
    "and sets each answer beside the one the run recorded. Nothing is sent, written to leads or drafts, or emitted as an event. " +
    "409 `run_in_progress` while the run is queued, importing or running. Poll GET /v1/replays/{id}: per lead the run's answer and the version's, whether it changed, and for qualify whether the verdict changed.",
  body: CreateReplayBody,
  success: { status: 202, description: "The queued replay", schema: ReplaySummarySchema },
  errors: ["invalid_json", "not_found", "run_in_progress", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const replay = await createReplay(auth.workspace.id, body, auth.actor);
    return { status: 202, body: replay, location: `/v1/replays/${replay.id}` };
  },
});

export const getReplayOperation = defineOperation({
  id: "getReplay",
  method: "GET",
  path: "/replays/{id}",
  tag: "Evaluations",
  role: "viewer",
  summary: "Fetch a behaviour diff with its per-lead results",
  params: ReplayIdParams,
  success: { status: 200, description: "The replay", schema: ReplaySchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getReplay(auth.workspace.id, params.id) }),
});
