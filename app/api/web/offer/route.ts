import { PutOfferBody } from "@/lib/offer/offer";
import { getOffer, putOffer } from "@/lib/offer/workspace-offer";
import { webRoute } from "@/lib/web/web-route";

export const GET = webRoute({ role: "viewer", handler: ({ session }) => getOffer(session.workspace.id) });
export const PUT = webRoute({ role: "admin", body: PutOfferBody, handler: ({ session, body, actor }) => putOffer(session.workspace.id, body, actor) });
