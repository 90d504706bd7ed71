import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { DraftIdParams, DraftSchema } from "@/lib/drafts/present-draft";
import { DraftsQuery, getDraft, listDrafts } from "@/lib/drafts/list-drafts";
import { approveDraft, ApproveDraftBody, rejectDraft, RejectDraftBody } from "@/lib/drafts/review-draft";
import { checkDraft, CheckDraftBody, DraftReviewSchema } from "@/lib/drafts/check-draft";

export const listDraftsOperation = defineOperation({
  id: "listDrafts",
  method: "GET",
  path: "/drafts",
  tag: "Drafts",
  role: "viewer",
  summary: "List drafts",
  description:
    "Filter by `status` (e.g. awaiting_review), `run_id`, `step` (1 to 8: 1 is the first email, 2 and later the follow-ups), `campaign_id` (drafts of that campaign's runs), `kind` (first, follow_up, reply) and `risk` (low, medium, high); `sort=risk` lists the riskiest first. A malformed filter is 400.",
  query: DraftsQuery,
  success: { status: 200, description: "A page of drafts", schema: pageOf(DraftSchema, "DraftPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listDrafts(auth.workspace.id, query) }),
});

export const getDraftOperation = defineOperation({
  id: "getDraft",
  method: "GET",
  path: "/drafts/{id}",
  tag: "Drafts",
  role: "viewer",
  summary: "Fetch a draft",
  params: DraftIdParams,
  success: { status: 200, description: "The draft", schema: DraftSchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getDraft(auth.workspace.id, params.id, auth.user.id) }),
});

export const approveDraftOperation = defineOperation({
  id: "approveDraft",
  method: "POST",
  path: "/drafts/{id}/approve",
  tag: "Drafts",
  role: "reviewer",
  summary: "Approve a draft",
  description:
    "Optionally with an edited subject and body (checked again: evidence, checks and risk are recomputed). The email is then sent through the workspace's relay (unless the run stopped after draft_email). 409 if already reviewed; 409 `draft_blocked` (naming the `checks`) when the draft, as edited, has a `block` check and no `override_reason` is given (an override is audited).",
  params: DraftIdParams,
  body: ApproveDraftBody,
  success: { status: 200, description: "The draft", schema: DraftSchema },
  errors: ["invalid_json", "not_found", "conflict", "draft_blocked", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await approveDraft(auth.workspace.id, params.id, body, { userId: auth.user.id, actor: auth.actor }) }),
});

export const rejectDraftOperation = defineOperation({
  id: "rejectDraft",
  method: "POST",
  path: "/drafts/{id}/reject",
  tag: "Drafts",
  role: "reviewer",
  summary: "Reject a draft",
  params: DraftIdParams,
  body: RejectDraftBody,
  success: { status: 200, description: "The draft", schema: DraftSchema },
  errors: ["invalid_json", "not_found", "conflict", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({
    body: await rejectDraft(auth.workspace.id, params.id, body.reason, { userId: auth.user.id, actor: auth.actor }),
  }),
});

export const checkDraftOperation = defineOperation({
  id: "checkDraft",
  method: "POST",
  path: "/drafts/{id}/check",
  tag: "Drafts",
  role: "reviewer",
  summary: "Check an edit of a draft",
  description:
    "Evidence, checks and risk for the draft with this subject and body (either left out: the draft's own), from the sources it was written from; nothing is saved. The draft page calls it as the reviewer types.",
  params: DraftIdParams,
  body: CheckDraftBody,
  success: { status: 200, description: "The edit's evidence, checks and risk", schema: DraftReviewSchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await checkDraft(auth.workspace.id, params.id, body) }),
});
