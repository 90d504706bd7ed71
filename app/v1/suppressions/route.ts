import { v1Route } from "@/lib/api/v1-route";
import { createSuppressionOperation, listSuppressionsOperation } from "@/lib/api/operations/suppressions";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listSuppressionsOperation, createSuppressionOperation);
