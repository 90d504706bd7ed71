import { v1Route } from "@/lib/api/v1-route";
import { getOfferOperation, putOfferOperation } from "@/lib/api/operations/offer";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getOfferOperation, putOfferOperation);
