import { v1Route } from "@/lib/api/v1-route";
import { getEvalSetOperation } from "@/lib/api/operations/evals";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getEvalSetOperation);
