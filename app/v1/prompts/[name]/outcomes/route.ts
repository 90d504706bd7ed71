import { v1Route } from "@/lib/api/v1-route";
import { getPromptOutcomesOperation } from "@/lib/api/operations/evals";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(getPromptOutcomesOperation);
