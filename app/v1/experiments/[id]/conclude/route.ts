import { v1Route } from "@/lib/api/v1-route";
import { concludeExperimentOperation } from "@/lib/api/operations/experiments";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(concludeExperimentOperation);
