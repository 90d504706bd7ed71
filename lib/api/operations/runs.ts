import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { ListQuery } from "@/lib/http/pagination";
import { pageOf } from "@/lib/api/schemas";
import { cancelRun } from "@/lib/runs/cancel-run";
import { RunLeadParams, stopLeadSequence } from "@/lib/runs/stop-lead-sequence";
import { stopRunSequences } from "@/lib/runs/stop-run-sequences";
import { acceptedRunAnswer, createRun } from "@/lib/runs/create-run";
import { getRun } from "@/lib/runs/get-run";
import { RenameRunBody, renameRun } from "@/lib/runs/run-name";
import { listRunErrors, listRunLeads, listRuns, RunErrorSchema, RunLeadSchema, RunLeadsQuery, RunsQuery } from "@/lib/runs/list-runs";
import { CreateRunBody, CreateRunUpload, CreateRunUploadDoc, RunIdParams, RunSchema } from "@/lib/runs/run-schemas";

export const createRunOperation = defineOperation({
  id: "createRun",
  method: "POST",
  path: "/runs",
  tag: "Runs",
  role: "admin",
  summary: "Start a run",
  description:
    "Imports the CSV (from `leads_csv_url`, or a `file` part of a multipart/form-data upload) and carries its leads through the pack's stages. Answers 202 at once; follow the run at its Location.",
  body: CreateRunBody as z.ZodType<CreateRunBody | CreateRunUpload>,
  multipart: CreateRunUpload as z.ZodType<CreateRunBody | CreateRunUpload>,
  multipartDoc: CreateRunUploadDoc,
  success: { status: 202, description: "The run, queued", schema: RunSchema },
  errors: ["invalid_json", "campaign_not_approved", "fork_not_approved", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    return acceptedRunAnswer(await createRun(auth.workspace.id, body, auth.actor));
  },
});

export const listRunsOperation = defineOperation({
  id: "listRuns",
  method: "GET",
  path: "/runs",
  tag: "Runs",
  role: "viewer",
  summary: "List runs",
  query: RunsQuery,
  success: { status: 200, description: "A page of runs", schema: pageOf(RunSchema, "RunPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listRuns(auth.workspace.id, query) }),
});

export const getRunOperation = defineOperation({
  id: "getRun",
  method: "GET",
  path: "/runs/{id}",
  tag: "Runs",
  role: "viewer",
  summary: "Fetch a run",
  params: RunIdParams,
  success: { status: 200, description: "The run with its counts", schema: RunSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getRun(auth.workspace.id, params.id) }),
});

export const listRunLeadsOperation = defineOperation({
  id: "listRunLeads",
  method: "GET",
  path: "/runs/{id}/leads",
  tag: "Runs",
  role: "viewer",
  summary: "List the leads of a run",
  description: "Each with the last stage reached, its state and reason. Filter by `state` and `stage`.",
  params: RunIdParams,
  query: RunLeadsQuery,
  success: { status: 200, description: "A page of run leads", schema: pageOf(RunLeadSchema, "RunLeadPage") },
  errors: ["not_found"],
  handler: async ({ params, query, auth }) => ({ body: await listRunLeads(auth.workspace.id, params.id, query) }),
});

export const listRunErrorsOperation = defineOperation({
  id: "listRunErrors",
  method: "GET",
  path: "/runs/{id}/errors",
  tag: "Runs",
  role: "viewer",
  summary: "List the CSV rows a run could not import",
  description: "In file order; `row` is the spreadsheet row number (the header is row 1).",
  params: RunIdParams,
  query: ListQuery,
  success: { status: 200, description: "A page of row errors", schema: pageOf(RunErrorSchema, "RunRowErrorPage") },
  errors: ["not_found"],
  handler: async ({ params, query, auth }) => ({ body: await listRunErrors(auth.workspace.id, params.id, query) }),
});

export const cancelRunOperation = defineOperation({
  id: "cancelRun",
  method: "POST",
  path: "/runs/{id}/cancel",
  tag: "Runs",
  role: "admin",
  summary: "Cancel a run",
  description: "No further stage runs for its leads; unfinished leads end `stopped`. 409 when the run has already ended.",
  params: RunIdParams,
  success: { status: 200, description: "The run", schema: RunSchema },
  errors: ["not_found", "conflict"],
  handler: async ({ params, auth }) => ({ body: await cancelRun(auth.workspace.id, params.id, auth.actor) }),
});

export const stopRunLeadOperation = defineOperation({
  id: "stopRunLead",
  method: "POST",
  path: "/runs/{id}/leads/{lead_id}/stop",
  tag: "Runs",
  role: "reviewer",
  summary: "Stop one lead's sequence",
  description:
    "Ends the lead's sequence in this run (`ended_reason: stopped`): its follow-ups not yet on their way are canceled and the lead ends `stopped`. Audited (`sequence.stopped`) and announced (`lead.sequence_ended`). Stopping a sequence that has already ended answers the lead as it is. 409 `no_sequence` when the run's campaign has no later steps or the lead has no draft yet.",
  params: RunLeadParams,
  success: { status: 200, description: "The run lead, with its sequence", schema: RunLeadSchema },
  errors: ["not_found", "no_sequence"],
  handler: async ({ params, auth }) => ({ body: await stopLeadSequence(auth.workspace.id, params.id, params.lead_id, auth.actor) }),
});

export const stopRunSequencesOperation = defineOperation({
  id: "stopRunSequences",
  method: "POST",
  path: "/runs/{id}/stop-sequences",
  tag: "Runs",
  role: "reviewer",
  summary: "Stop every sequence of a run",
  description:
    "Ends every sequence of the run still going (`ended_reason: stopped`), as stopping each lead would: follow-ups not yet on their way are canceled and those leads end `stopped`. The run is not canceled: a send already on its way finishes, and the run settles from its leads. Audited once (`run.sequences_stopped` with the `count`) and announced per lead (`lead.sequence_ended`). Leads whose sequence has not started (no draft yet) are left alone. Calling it again changes nothing. Answers the run. 409 `no_sequence` when the run's campaign has no later steps.",
  params: RunIdParams,
  success: { status: 200, description: "The run, with its counts", schema: RunSchema },
  errors: ["not_found", "no_sequence"],
  handler: async ({ params, auth }) => ({ body: await stopRunSequences(auth.workspace.id, params.id, auth.actor) }),
});

export const renameRunOperation = defineOperation({
  id: "renameRun",
  method: "PATCH",
  path: "/runs/{id}",
  tag: "Runs",
  role: "admin",
  summary: "Rename a run",
  description: "Sets the name lists, filters and the audit log show for the run. Audited (`run.renamed` with the old and new name).",
  params: RunIdParams,
  body: RenameRunBody,
  success: { status: 200, description: "The run", schema: RunSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => {
    await renameRun(auth.workspace.id, params.id, body.name, auth.actor);
    return { body: await getRun(auth.workspace.id, params.id) };
  },
});
