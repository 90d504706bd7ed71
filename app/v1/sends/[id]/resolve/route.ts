import { v1Route } from "@/lib/api/v1-route";
import { resolveSendOperation } from "@/lib/api/operations/sends";

export const { GET, POST, PUT, PATCH, DELETE } = v1Route(resolveSendOperation);
