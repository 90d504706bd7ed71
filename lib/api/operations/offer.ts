import { defineOperation } from "@/lib/api/operation";
import { OfferSchema, PutOfferBody } from "@/lib/offer/offer";
import { getOffer, putOffer } from "@/lib/offer/workspace-offer";

export const getOfferOperation = defineOperation({
  id: "getOffer",
  method: "GET",
  path: "/offer",
  tag: "Offer",
  role: "viewer",
  summary: "Fetch the offer and sender profile",
  description:
    "What the workspace sells and who signs its emails. Prompts read it as variables (see the pipeline docs); packs and campaigns may override it field by field.",
  success: { status: 200, description: "The offer (unset fields are null or empty lists)", schema: OfferSchema },
  errors: [],
  handler: async ({ auth }) => ({ body: await getOffer(auth.workspace.id) }),
});

export const putOfferOperation = defineOperation({
  id: "putOffer",
  method: "PUT",
  path: "/offer",
  tag: "Offer",
  role: "admin",
  summary: "Set the offer and sender profile",
  description: "Replaces the whole profile: a field left out is cleared. Used by drafts written after the change.",
  body: PutOfferBody,
  success: { status: 200, description: "The offer", schema: OfferSchema },
  errors: ["invalid_json", "payload_too_large", "unsupported_media_type", "validation_failed"],
  handler: async ({ body, auth }) => ({ body: await putOffer(auth.workspace.id, body, auth.actor) }),
});
