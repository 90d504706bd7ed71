import { v1Route } from "@/lib/api/v1-route";
import { listRunLeadsOperation } from "@/lib/api/operations/runs";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listRunLeadsOperation);
