import { v1Route } from "@/lib/api/v1-route";
import { getLeadOperation } from "@/lib/api/operations/leads";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getLeadOperation);
