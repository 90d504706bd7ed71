import { z } from "zod";
import { defineOperation } from "@/lib/api/operation";
import { createReply, CreateReplyBody, getReply, ReplySchema } from "@/lib/replies/replies";

const ReplyIdParams = z.object({ id: z.string().regex(/^rpl_[0-9a-z]{26}$/) });

export const createReplyOperation = defineOperation({
  id: "createReply", method: "POST", path: "/replies", tag: "Replies", role: "admin",
  summary: "Hand in a reply", description: "For a relay or mail processor: matched by `in_reply_to` (our Message-ID) or `draft_id`; the track stage classifies it and fires reply.received.",
  body: CreateReplyBody, success: { status: 201, description: "The reply (classification follows)", schema: ReplySchema }, errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => {
    const reply = await createReply(auth.workspace.id, body);
    return { status: 201, body: reply, location: `/v1/replies/${reply.id}` };
  },
});

export const getReplyOperation = defineOperation({
  id: "getReply", method: "GET", path: "/replies/{id}", tag: "Replies", role: "viewer", summary: "Fetch a reply and its classification", params: ReplyIdParams,
  success: { status: 200, description: "The reply", schema: ReplySchema }, errors: ["not_found"],
  handler: async ({ params, auth }) => ({ body: await getReply(auth.workspace.id, params.id) }),
});
