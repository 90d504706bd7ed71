import { v1Route } from "@/lib/api/v1-route";
import { addEvalCaseOperation } from "@/lib/api/operations/evals";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(addEvalCaseOperation);
