import { v1Route } from "@/lib/api/v1-route";
import { checkDraftOperation } from "@/lib/api/operations/drafts";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(checkDraftOperation);
