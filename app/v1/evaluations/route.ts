import { v1Route } from "@/lib/api/v1-route";
import { listEvaluationsOperation, createEvaluationOperation } from "@/lib/api/operations/evals";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listEvaluationsOperation, createEvaluationOperation);
