import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
import { followReferral } from "@/lib/replies/referral";
import { DraftSchema } from "@/lib/drafts/present-draft";
import { requestAnswer } from "@/lib/replies/answer-reply";
import { updateReply, UpdateReplyBody, createReply, CreateReplyBody, getReply, listReplies, RepliesQuery, ReplySchema } from "@/lib/replies/replies";

const ReplyIdParams = z.object({ id: z.string().regex(/^rpl_[0-9a-z]{26}$/) });

export const createReplyOperation = defineOperation({
  id: "createReply",
  method: "POST",
  path: "/replies",
  tag: "Replies",
  role: "admin",
  summary: "Hand in a reply",
  description:
    "For a relay or mail processor: matched by `in_reply_to` (our Message-ID) or `draft_id`; the track stage classifies it and fires reply.received.",
  body: CreateReplyBody,
  success: { status: 201, description: "The reply (classification follows)", schema: ReplySchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const reply = await createReply(auth.workspace.id, body);
    return { status: 201, body: reply, location: `/v1/replies/${reply.id}` };
  },
});

export const getReplyOperation = defineOperation({
  id: "getReply",
  method: "GET",
  path: "/replies/{id}",
  tag: "Replies",
  role: "viewer",
  summary: "Fetch a reply and its classification",
  params: ReplyIdParams,
  success: { status: 200, description: "The reply", schema: ReplySchema },
  errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getReply(auth.workspace.id, params.id) }),
});

export const listRepliesOperation = defineOperation({
  id: "listReplies",
  method: "GET",
  path: "/replies",
  tag: "Replies",
  role: "viewer",
  summary: "List replies",
  description: "Newest first; filter by `run_id`, `classification`, `handled` (true|false) and `since` (received at or after).",
  query: RepliesQuery,
  success: { status: 200, description: "A page of replies", schema: pageOf(ReplySchema, "ReplyPage") },
  errors: [],
  handler: async ({ query, auth }) => ({ body: await listReplies(auth.workspace.id, query) }),
});

export const answerReplyOperation = defineOperation({
  id: "answerReply",
  method: "POST",
  path: "/replies/{id}/answer",
  tag: "Replies",
  role: "reviewer",
  params: ReplyIdParams,
  summary: "Ask for a new answer draft to a reply",
  description:
    "Writes a new answer draft (`kind` reply) for any reply, with the run's `reply` prompt, from the thread and the offer, signed by the lead's sender; the reply's earlier answers still awaiting review are canceled. Answers are written without asking for replies classified interested, meeting_request or question. The draft is reviewed, edited and approved like any other and sent in the reply's thread (contract §13). Audited (`reply.answer_requested`); fires draft.ready.",
  success: { status: 201, description: "The answer draft", schema: DraftSchema },
  errors: ["not_found", "validation_failed"],
  handler: async ({ params, auth }) => {
    const draft = await requestAnswer(auth.workspace.id, params.id, auth.actor);
    return { status: 201, body: draft, location: `/v1/drafts/${draft.id}` };
  },
});

export const correctReplyOperation = defineOperation({
  id: "correctReply",
  method: "PATCH",
  path: "/replies/{id}",
  tag: "Replies",
  role: "reviewer",
  params: ReplyIdParams,
  summary: "Correct a reply's classification, or mark it handled",
  description:
    "`classification`: the reviewer's classification wins over the classifier's, for good; audited (`reply.corrected`). A correction to `unsubscribe` or `bounce` suppresses the address. `handled`: marks the reply handled (or not) for the inbox; audited (`reply.handled` / `reply.unhandled`).",
  body: UpdateReplyBody,
  success: { status: 200, description: "The reply", schema: ReplySchema },
  errors: ["invalid_json", "not_found", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ params, body, auth }) => ({ body: await updateReply(auth.workspace.id, params.id, body, { userId: auth.user.id, actor: auth.actor }) }),
});

const FollowedReferral = z
  .object({
    lead_id: z.string().meta({ description: "The referred person's lead (created, or found by its email), `referred_by` the replying lead" }),
    run_id: z.string().meta({ description: "The one-lead run of the reply's campaign (same pack and stop_after) that drafts their first email" }),
  })
  .meta({ id: "FollowedReferral" });

export const followReferralOperation = defineOperation({
  id: "followReferral",
  method: "POST",
  path: "/replies/{id}/referral",
  tag: "Replies",
  role: "reviewer",
  params: ReplyIdParams,
  summary: "Follow a reply's referral: the named person's lead and a one-lead run",
  description:
    "For a `wrong_person` reply with a `referral`: creates the referred lead (or finds it by email) with `referred_by` the replying lead, and starts a one-lead run of the same campaign, pack and `stop_after`, whose first draft may name the referrer (`{{referred_by_name}}`). Audited (`reply.referral_followed`). 201 the first time; a second call answers 200 with the same lead and run. 409 `no_referral` when the reply names no one else; 409 `conflict` when the address is suppressed, or while another call is following it.",
  success: {
    status: 201,
    description: "The lead and the run",
    schema: FollowedReferral,
    also: [{ status: 200, description: "Already followed: the same lead and run" }],
  },
  errors: ["not_found", "no_referral", "conflict", "campaign_not_approved", "fork_not_approved"],
  handler: async ({ params, auth }) => {
    const { created, ...followed } = await followReferral(auth.workspace.id, params.id, auth.actor);
    return { status: created ? 201 : 200, body: followed, location: `/v1/runs/${followed.run_id}` };
  },
});
