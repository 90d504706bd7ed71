import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { pageOf } from "@/lib/api/schemas";
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
