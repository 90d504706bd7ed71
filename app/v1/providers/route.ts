import { v1Route } from "@/lib/api/v1-route";
import { listProvidersOperation } from "@/lib/api/operations/providers";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(listProvidersOperation);
