import type { Offer } from "@/lib/offer/offer";

// The offer as prompt variables (docs/pipeline.md lists them). Lists are joined into one line;
// `value_proposition` and `proof_point` are the first of each list.

export type OfferVariables = Record<
  | "product"
  | "audience"
  | "value_proposition"
  | "value_propositions"
  | "proof_point"
  | "proof_points"
  | "call_to_action"
  | "sender_name"
  | "sender_title"
  | "signature"
  | "tone",
  string
>;

export function offerVariables(offer: Offer, senderName: string): OfferVariables {
  return {
    product: offer.product ?? "",
    audience: offer.audience ?? "",
    value_proposition: offer.value_propositions[0] ?? "",
    value_propositions: offer.value_propositions.join(" "),
    proof_point: offer.proof_points[0] ?? "",
    proof_points: offer.proof_points.join(" "),
    call_to_action: offer.call_to_action ?? "",
    sender_name: senderName,
    sender_title: offer.sender_title ?? "",
    signature: offer.signature ?? "",
    tone: offer.tone,
  };
}
