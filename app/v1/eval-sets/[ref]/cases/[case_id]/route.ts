import { v1Route } from "@/lib/api/v1-route";
import { removeEvalCaseOperation } from "@/lib/api/operations/evals";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(removeEvalCaseOperation);
