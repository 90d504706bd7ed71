import { v1Route } from "@/lib/api/v1-route";
import { deleteSuppressionOperation } from "@/lib/api/operations/suppressions";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(deleteSuppressionOperation);
