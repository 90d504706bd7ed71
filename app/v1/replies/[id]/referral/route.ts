import { v1Route } from "@/lib/api/v1-route";
import { followReferralOperation } from "@/lib/api/operations/replies";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(followReferralOperation);
