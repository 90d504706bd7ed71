import { v1Route } from "@/lib/api/v1-route";
import { stopRunSequencesOperation } from "@/lib/api/operations/runs";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(stopRunSequencesOperation);
